import { Card } from "@chakra-ui/react";
import { api } from "../../api/client";
import { RenderedHtml } from "../../components/RenderedHtml";
import { useLoad } from "../../lib/useLoad";
import { AdminSection, LoadError, Loading } from "./AdminSection";

interface PageAnswer {
  title: string;
  bodyHtml: string;
}

export const RESOURCES_PAGE_SLUG = "chapter_resources";

/** Resources: the body of the page with slug chapter_resources (spec 001 section 2). */
export function Resources() {
  const page = useLoad(() => api.get<PageAnswer>(`/api/page/slug/${RESOURCES_PAGE_SLUG}`), []);
  return (
    <AdminSection title="Resources">
      {page.error ? (
        <LoadError error={page.error.status === 404 ? "The resources page has not been written yet." : page.error} />
      ) : !page.data ? (
        <Loading label="Loading resources" />
      ) : (
        <Card.Root>
          <Card.Body>
            <RenderedHtml html={page.data.bodyHtml} data-testid="resources-body" />
          </Card.Body>
        </Card.Root>
      )}
    </AdminSection>
  );
}
