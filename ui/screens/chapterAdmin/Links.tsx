import { Alert, Button, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState, type FormEvent } from "react";
import { isHttpUrl, type ChapterLinkInfo } from "../../../server/contracts/chapterAdmin";
import { ApiRequestError } from "../../api/client";
import { linkQueries, useSaveLinks } from "../../api/links";
import { useFreshQuery } from "../../api/queryClient";
import { AsyncState } from "../../components/AsyncState";
import { FormField } from "../../components/FormField";
import { SavedIndicator, useSaveState } from "../../components/SavedIndicator";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, Loading } from "./AdminSection";

interface Row {
  key: number;
  title: string;
  url: string;
}

let nextKey = 1;
const toRows = (links: ChapterLinkInfo[]): Row[] => (links.length ? links : [{ id: 0, title: "", url: "" }]).map((l) => ({ key: nextKey++, title: l.title, url: l.url }));

/** A row is kept when both title and URL are filled; a kept row needs an http(s) URL. */
const rowError = (r: Row) => (r.title.trim() && r.url.trim() && !isHttpUrl(r.url) ? "URL must start with http:// or https://" : undefined);

/** Links (spec 001 section 2): edit all, blank URLs delete, Add Another, Save All. */
export function Links() {
  const { chapter } = useChapterAdmin();
  const links = useFreshQuery(linkQueries.chapter(chapter.id));
  const saveLinks = useSaveLinks(chapter.id);
  const [rows, setRows] = useState<Row[]>([]);
  const [saveState, setSaveState] = useSaveState();
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (links.data) setRows(toRows(links.data));
  }, [links.data]);

  const update = (key: number, field: "title" | "url", value: string) => setRows((old) => old.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  const handleAdd = () => setRows((old) => [...old, { key: nextKey++, title: "", url: "" }]);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setError(null);
    if (rows.some(rowError)) return;
    setSaveState("saving");
    try {
      const saved = await saveLinks.mutateAsync(rows.map((r) => ({ title: r.title.trim(), url: r.url.trim() })));
      setRows(toRows(saved));
      setSubmitted(false);
      setSaveState("saved");
    } catch (err) {
      setSaveState("idle");
      setError(err instanceof ApiRequestError ? err.message : "The links could not be saved.");
    }
  };

  return (
    <AdminSection title="Links">
      <AsyncState query={links} loading={<Loading label="Loading links" />}>
        {() => (
          <form onSubmit={handleSubmit} noValidate aria-label="Links">
            <Stack gap="4">
              <Text>Leave a URL blank to delete.</Text>
              {error && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              )}
              {rows.map((r, i) => (
                <SimpleGrid key={r.key} columns={{ base: 1, md: 2 }} gap="3" data-testid="link-row">
                  <FormField label={`Title ${i + 1}`} name={`title-${i}`} value={r.title} onChange={(v) => update(r.key, "title", v)} />
                  <FormField label={`URL ${i + 1}`} name={`url-${i}`} type="url" value={r.url} onChange={(v) => update(r.key, "url", v)} placeholder="https://" error={submitted || r.url ? rowError(r) : undefined} />
                </SimpleGrid>
              ))}
              <HStack gap="3">
                <Button type="button" variant="outline" onClick={handleAdd}>
                  Add Another
                </Button>
                <Button type="submit" colorPalette="brand" disabled={saveState === "saving"}>
                  Save All
                </Button>
                <SavedIndicator state={saveState} />
              </HStack>
            </Stack>
          </form>
        )}
      </AsyncState>
    </AdminSection>
  );
}
