import { Alert, Container, Link as ChakraLink } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import type { ChapterDetail } from "../../../server/contracts/chapter";
import { chapterQueries } from "../../api/chapters";
import { AsyncState, LoadError, Loading } from "../../components/AsyncState";
import { AdminShell } from "../../components/AdminShell";
import type { SideMenuItem } from "../../components/SideMenu";
import { ChapterAdminContext, type ChapterAdminState } from "./ChapterAdminContext";

/**
 * /chapter/{state}/{slug}/admin: loads the chapter, refuses people without host access, and shows the
 * side menu once the chapter has loaded (spec 001 section 2).
 */
export function ChapterAdminLayout() {
  const { state = "", slug = "" } = useParams();
  const chapter = useQuery(chapterQueries.bySlug(slug));
  return (
    <AsyncState
      query={chapter}
      loading={<Loading label="Loading chapter" py="20" />}
      error={(error) => (
        <Container maxW="6xl" py="8">
          <LoadError error={error.status === 404 ? "This chapter does not exist." : "The chapter could not be loaded. Please try again."} />
        </Container>
      )}
    >
      {(loaded) => <AdminArea chapter={loaded} basePath={`/chapter/${state}/${slug}/admin`} />}
    </AsyncState>
  );
}

function AdminArea({ chapter, basePath }: { chapter: ChapterDetail; basePath: string }) {
  const value = useMemo<ChapterAdminState>(() => ({ chapter, basePath }), [chapter, basePath]);
  if (!chapter.abilities.host) {
    return (
      <Container maxW="6xl" py="8">
        <Alert.Root status="error" data-testid="chapter-admin-refused">
          <Alert.Indicator />
          <Alert.Title>You do not have access to this chapter's admin tools. Only its hosts, field organizers and admins do.</Alert.Title>
        </Alert.Root>
      </Container>
    );
  }

  const items: SideMenuItem[] = [
    { label: "Dashboard", to: basePath, end: true },
    { label: "Resources", to: `${basePath}/resources` },
    ...(chapter.abilities.fieldOrganize ? [{ label: "Chapter Settings", to: `${basePath}/settings` }] : []),
    { label: "Page Content", to: `${basePath}/content` },
    { label: "Chapter Hosts", to: `${basePath}/hosts` },
    { label: "Send Email", to: `${basePath}/email` },
    { label: "Events", to: `${basePath}/events` },
    { label: "Members", to: `${basePath}/members` },
    { label: "Links", to: `${basePath}/links` },
    { label: "Notes", to: `${basePath}/notes` },
    { label: "Press Mentions", to: `${basePath}/press_mentions` },
  ];

  return (
    <ChapterAdminContext.Provider value={value}>
      <AdminShell
        title={
          <>
            <ChakraLink asChild variant="plain">
              <RouterLink to={basePath.replace(/\/admin$/, "")}>{chapter.displayTitle}</RouterLink>
            </ChakraLink>{" "}
            Admin
          </>
        }
        menuLabel="Chapter admin"
        items={items}
      />
    </ChapterAdminContext.Provider>
  );
}
