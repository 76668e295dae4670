import { Button, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { Resolver } from "react-hook-form";
import { isHttpUrl, type ChapterLinkInfo } from "../../../server/contracts/chapterAdmin";
import { linkQueries, useSaveLinks } from "../../api/links";
import { useFreshQuery } from "../../api/queryClient";
import { AsyncState } from "../../components/AsyncState";
import { FormField } from "../../components/FormField";
import { ErrorAlert } from "../../components/ErrorAlert";
import { SaveRow } from "../../components/SavedIndicator";
import { useSubmitForm } from "../../lib/forms";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, Loading } from "./AdminSection";

interface Row {
  key: number;
  title: string;
  url: string;
}

let nextKey = 1;
const toRows = (links: ChapterLinkInfo[]): Row[] =>
  (links.length ? links : [{ id: 0, title: "", url: "" }]).map((l) => ({ key: nextKey++, title: l.title, url: l.url }));

/** A row is kept when both title and URL are filled; a kept row needs an http(s) URL. */
const rowError = (r: Row) => (r.title.trim() && r.url.trim() && !isHttpUrl(r.url) ? "URL must start with http:// or https://" : undefined);

/** Links (spec 001 section 2): edit all, blank URLs delete, Add Another, Save All. */
export function Links() {
  const { chapter } = useChapterAdmin();
  const links = useFreshQuery(linkQueries.chapter(chapter.id));

  return (
    <AdminSection title="Links">
      <AsyncState query={links} loading={<Loading label="Loading links" />}>
        {(loaded) => <LinksForm loaded={loaded} />}
      </AsyncState>
    </AdminSection>
  );
}

/** Kept rows need an http(s) URL: a save waits until every row is fine. */
const rowsResolver: Resolver<{ rows: Row[] }> = (values) =>
  values.rows.some(rowError)
    ? { values: {}, errors: { rows: { type: "url", message: "URL must start with http:// or https://" } } }
    : { values, errors: {} as Record<string, never> };

/** The form starts from the links as loaded, and from the saved ones after each save. */
function LinksForm({ loaded }: { loaded: ChapterLinkInfo[] }) {
  const { chapter } = useChapterAdmin();
  const saveLinks = useSaveLinks(chapter.id);
  const { form, values, set, submit, error, saveState } = useSubmitForm<{ rows: Row[] }>({
    defaultValues: { rows: toRows(loaded) },
    resolver: rowsResolver,
    onSubmit: async (v, { reset }) => {
      const saved = await saveLinks.mutateAsync(v.rows.map((r) => ({ title: r.title.trim(), url: r.url.trim() })));
      reset({ rows: toRows(saved) });
    },
  });
  const { rows } = values;
  const submitted = form.formState.isSubmitted;

  const update = (key: number, field: "title" | "url", value: string) => set("rows")(rows.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const handleAdd = () => set("rows")([...rows, { key: nextKey++, title: "", url: "" }]);

  return (
    <form onSubmit={submit} noValidate aria-label="Links">
      <Stack gap="4">
        <Text>Leave a URL blank to delete.</Text>
        <ErrorAlert message={error?.message ?? null} />
        {rows.map((r, i) => (
          <SimpleGrid key={r.key} columns={{ base: 1, md: 2 }} gap="3" data-testid="link-row">
            <FormField label={`Title ${i + 1}`} name={`title-${i}`} value={r.title} onChange={(v) => update(r.key, "title", v)} />
            <FormField
              label={`URL ${i + 1}`}
              name={`url-${i}`}
              type="url"
              value={r.url}
              onChange={(v) => update(r.key, "url", v)}
              placeholder="https://"
              error={submitted || r.url ? rowError(r) : undefined}
            />
          </SimpleGrid>
        ))}
        <SaveRow state={saveState} label="Save All">
          <Button type="button" variant="outline" onClick={handleAdd}>
            Add Another
          </Button>
        </SaveRow>
      </Stack>
    </form>
  );
}
