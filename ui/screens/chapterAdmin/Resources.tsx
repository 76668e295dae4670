import { Card } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { contentQueries } from "../../api/content";
import { AsyncState } from "../../components/AsyncState";
import { RichHtml } from "../../components/RichHtml";
import { AdminSection, LoadError, Loading } from "./AdminSection";

export const RESOURCES_PAGE_SLUG = "chapter_resources";

/** Resources: the body of the page with slug chapter_resources (spec 001 section 2). */
export function Resources() {
  const page = useQuery(contentQueries.page(RESOURCES_PAGE_SLUG));
  return (
    <AdminSection title="Resources">
      <AsyncState
        query={page}
        loading={<Loading label="Loading resources" />}
        error={(error) => <LoadError error={error.status === 404 ? "The resources page has not been written yet." : error} />}
      >
        {(data) => (
          <Card.Root>
            <Card.Body>
              <RichHtml html={data.bodyHtml} data-testid="resources-body" />
            </Card.Body>
          </Card.Root>
        )}
      </AsyncState>
    </AdminSection>
  );
}
