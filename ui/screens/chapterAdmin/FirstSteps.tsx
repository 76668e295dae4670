import { Alert, Badge, Card, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { FaCheckCircle, FaRegCircle } from "react-icons/fa";
import { Link as RouterLink } from "react-router-dom";
import {
  FIRST_STEP_LABELS,
  HIDDEN_UNTIL_SWITCHED_ON,
  type ChapterFirstSteps,
  type FirstStepKey,
  type SwitchedOnBy,
} from "../../../server/contracts/firstSteps";
import { firstStepsQueries } from "../../api/firstSteps";
import { AsyncState, LoadError } from "../../components/AsyncState";
import { PersonContact } from "../../components/PersonContact";
import { useChapterAdmin } from "./ChapterAdminContext";

/** The screen where each step is done, under the chapter admin area. */
const STEP_PATHS: Record<FirstStepKey, string> = {
  about: "content",
  event: "events/add",
  headerImage: "content",
  listEmail: "email",
};

/**
 * A new host's first steps (issues 29 and 41), on the dashboard while the chapter is hidden or any step is not done:
 * each step done or not (the server decides), a link to where each open one is done, while hidden who switches the
 * chapter on, else who to ask. Nothing while it loads, so the activity feed is not held up.
 */
export function FirstSteps() {
  const { chapter } = useChapterAdmin();
  const query = useQuery(firstStepsQueries.chapter(chapter.id));
  return (
    <AsyncState query={query} loading={null} error={<LoadError error="The first steps could not be loaded. Please reload the page." />}>
      {(answer) => (answer.show ? <FirstStepsCard answer={answer} /> : null)}
    </AsyncState>
  );
}

function FirstStepsCard({ answer }: { answer: ChapterFirstSteps }) {
  const { chapter, basePath } = useChapterAdmin();
  return (
    <Card.Root as="section" aria-label="First Steps" data-testid="first-steps">
      <Card.Header>
        <Card.Title as="h3">First Steps</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {answer.hidden && answer.switchedOnBy && <HiddenNotice who={answer.switchedOnBy} dormant={answer.dormant} />}
          <Text>{`A few things get ${chapter.displayTitle} ready for its members:`}</Text>
          <Stack as="ul" gap="2" listStyleType="none">
            {answer.steps.map((step) => (
              <HStack as="li" key={step.key} gap="3" data-testid="first-step" data-step={step.key} data-done={step.done}>
                <Text as="span" aria-hidden="true" color={step.done ? "success.fg" : "fg.muted"}>
                  {step.done ? <FaCheckCircle /> : <FaRegCircle />}
                </Text>
                {step.done ? (
                  <Text as="span">{FIRST_STEP_LABELS[step.key]}</Text>
                ) : (
                  <ChakraLink asChild>
                    <RouterLink to={`${basePath}/${STEP_PATHS[step.key]}`}>{FIRST_STEP_LABELS[step.key]}</RouterLink>
                  </ChakraLink>
                )}
                <Badge colorPalette={step.done ? "success" : "neutral"}>{step.done ? "Done" : "Not done yet"}</Badge>
              </HStack>
            ))}
          </Stack>
          {!answer.hidden && (
            <Text data-testid="first-steps-contact">
              {"Questions? Write to "}
              <PersonContact person={answer.contact} />.
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The hidden chapter's notice: the sentence, and the people (or the network contact) to ask. */
function HiddenNotice({ who, dormant }: { who: SwitchedOnBy; dormant: boolean }) {
  const organizers = who.fieldOrganizers;
  return (
    <Alert.Root status="info" data-testid="hidden-until-switched-on">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{`${HIDDEN_UNTIL_SWITCHED_ON}.`}</Alert.Title>
        <Alert.Description>
          <Stack gap="1" data-testid="switched-on-by">
            {organizers.length > 0 ? (
              <Text>
                {organizers.length === 1 ? "Your field organizer is " : "Your field organizers are "}
                {organizers.map((person, i) => (
                  <span key={person.email}>
                    {i > 0 && (i === organizers.length - 1 ? " and " : ", ")}
                    <PersonContact person={person} />
                  </span>
                ))}
                .
              </Text>
            ) : (
              who.network && (
                <>
                  <Text>
                    {"Your chapter has no field organizer yet: write to "}
                    <PersonContact person={who.network} />.
                  </Text>
                  {who.network.postalAddress && <Text whiteSpace="pre-wrap">{`By post: ${who.network.postalAddress}`}</Text>}
                </>
              )
            )}
            {dormant && <Text>It was hidden after a long time without a list email: emailing your list makes it active again at once.</Text>}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
