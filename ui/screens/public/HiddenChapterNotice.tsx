import { Alert } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import type { ChapterDetail } from "../../../server/contracts/chapter";
import type { SwitchedOnBy } from "../../../server/contracts/firstSteps";
import { firstStepsQueries } from "../../api/firstSteps";
import { PersonContact } from "../../components/PersonContact";

/** What hosts, field organizers and admins read on a hidden chapter's page (visitors see "This Chapter is not active."). */
const HIDDEN_CHAPTER_NOTICE = "This chapter is hidden: only its hosts, field organizers and admins see this page.";
/** The way on for those who may change Chapter Settings (field organizers and admins). */
const ENABLE_IN_SETTINGS = "It can be enabled in Chapter Settings.";

/**
 * The hidden chapter's notice. Field organizers and admins can switch it on themselves; a host cannot, so a host
 * reads who can (issue 41): the chapter's field organizer, else the network contact.
 */
export function HiddenChapterNotice({ chapter }: { chapter: ChapterDetail }) {
  return (
    <Alert.Root status="info" data-testid="hidden-chapter-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{HIDDEN_CHAPTER_NOTICE}</Alert.Title>
        <Alert.Description>{chapter.abilities.fieldOrganize ? ENABLE_IN_SETTINGS : <WhoMakesItActive chapterId={chapter.id} />}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function WhoMakesItActive({ chapterId }: { chapterId: number }) {
  const query = useQuery(firstStepsQueries.chapter(chapterId));
  const who = query.data?.switchedOnBy;
  if (!who) return null;
  return <span data-testid="who-makes-it-active">{whoWords(who)}</span>;
}

function whoWords(who: SwitchedOnBy) {
  const [organizer] = who.fieldOrganizers;
  if (organizer)
    return (
      <>
        {"Your field organizer, "}
        <PersonContact person={organizer} />
        {", can make it active."}
      </>
    );
  if (!who.network) return null;
  return (
    <>
      {"Write to "}
      <PersonContact person={who.network} />
      {" to make it active."}
    </>
  );
}
