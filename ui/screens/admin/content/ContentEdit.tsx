import { Alert, Button, Checkbox, Field, Heading, HStack, Link, Stack } from "@chakra-ui/react";
import { useEffect, useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { SLUG_HINT, SLUG_MESSAGE, WIKI_NOT_EDITABLE_MESSAGE } from "../../../../server/contracts/siteAdmin";
import { ApiRequestError } from "../../../api/client";
import { contentQueries, useSaveContent } from "../../../api/content";
import { useFreshQuery } from "../../../api/queryClient";
import { AsyncState, LoadError, Loading } from "../../../components/AsyncState";
import { FormField } from "../../../components/FormField";
import { RichTextEditor } from "../../../components/RichTextEditor";
import { SavedIndicator, useSaveState } from "../../../components/SavedIndicator";
import { loadError } from "../shared/loadError";
import { CONTENT_KINDS, slugFromTitle, type ContentItem, type ContentKind } from "./contentKinds";

const SLUG_PATTERN = /^[a-z0-9_]+$/;

function FlagCheckbox({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} disabled={disabled}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * Add (no slug in the route) or edit (edit/{slug}) a blog post, page or wiki page: title, slug, rich-text
 * body and flags. New entries are public (and wiki pages editable) by default. A non-editable wiki page
 * shows the spec's message, a disabled editor and no Save.
 */
export function ContentEdit({ kind }: { kind: ContentKind }) {
  const { slug: routeSlug } = useParams();
  const editing = Boolean(routeSlug);
  const navigate = useNavigate();
  const list = useFreshQuery({ ...contentQueries.admin(kind.key), enabled: editing });
  const items: ContentItem[] | undefined = list.data;
  const save = useSaveContent(kind.key);
  const [item, setItem] = useState<ContentItem | null>(null);
  const [title, setTitle] = useState("");
  const [slug, setSlug] = useState("");
  const [slugTouched, setSlugTouched] = useState(false);
  const [titleTouched, setTitleTouched] = useState(false);
  const [body, setBody] = useState("");
  const [isPublic, setIsPublic] = useState(true);
  const [isEditable, setIsEditable] = useState(true);
  const [state, setState] = useSaveState();
  const [serverError, setServerError] = useState<string | null>(null);

  // The form starts from the entry its address names, and again when a save moves it to a new slug.
  useEffect(() => {
    const found = items?.find((i) => i.slug === routeSlug);
    if (!found) return;
    setItem(found);
    setTitle(found.title);
    setSlug(found.slug);
    setSlugTouched(true);
    setBody(found.body);
    setIsPublic(found.isPublic);
    setIsEditable(found.isEditable ?? true);
  }, [items, routeSlug]);

  const locked = kind.hasEditableFlag && editing && item?.isEditable === false;
  const titleError = titleTouched && title.trim() === "" ? "Title is Required" : null;
  const slugError = slugTouched && slug !== "" && !SLUG_PATTERN.test(slug) ? SLUG_MESSAGE : slugTouched && slug === "" ? "Slug is Required" : null;
  const valid = title.trim() !== "" && SLUG_PATTERN.test(slug);

  const handleTitle = (v: string) => {
    setTitle(v);
    setTitleTouched(true);
    if (!editing && !slugTouched) setSlug(slugFromTitle(v));
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTitleTouched(true);
    setSlugTouched(true);
    if (!valid || locked || state === "saving") return;
    setState("saving");
    setServerError(null);
    try {
      const saved: ContentItem = await save.mutateAsync({ id: item?.id, title: title.trim(), slug, body, isPublic, isEditable });
      if (!editing) {
        navigate(kind.basePath);
        return;
      }
      setItem(saved);
      setBody(saved.body);
      setState("saved");
      if (saved.slug !== routeSlug) navigate(`${kind.basePath}/edit/${saved.slug}`, { replace: true });
    } catch (err) {
      setState("idle");
      setServerError(err instanceof ApiRequestError ? err.message : "Not saved. Please try again.");
    }
  };

  const form = (
    <form onSubmit={handleSubmit} aria-label={`${editing ? "Edit" : "Add"} ${kind.singular}`} noValidate>
      <Stack gap="4">
        {locked && (
          <Alert.Root status="warning" data-testid="not-editable">
            <Alert.Indicator />
            <Alert.Title>{WIKI_NOT_EDITABLE_MESSAGE}</Alert.Title>
          </Alert.Root>
        )}
        <FormField label="Title" name="title" required value={title} onChange={handleTitle} error={titleError} disabled={locked} />
        <FormField
          label="Slug"
          name="slug"
          required
          value={slug}
          onChange={(v) => {
            setSlug(v);
            setSlugTouched(true);
          }}
          readOnly={editing && kind.slugReadOnlyOnEdit}
          disabled={locked}
          helper={editing && kind.slugReadOnlyOnEdit ? "The slug of a page cannot be changed." : SLUG_HINT}
          error={slugError}
        />
        <Field.Root disabled={locked}>
          <Field.Label htmlFor={`${kind.key}-body`}>Body</Field.Label>
          <RichTextEditor id={`${kind.key}-body`} label="Body" value={body} onChange={setBody} disabled={locked} height={locked ? 240 : 360} />
        </Field.Root>
        <HStack gap="6">
          <FlagCheckbox label="Public" checked={isPublic} onChange={setIsPublic} disabled={locked} />
          {kind.hasEditableFlag && <FlagCheckbox label="Editable" checked={isEditable} onChange={setIsEditable} disabled={locked} />}
        </HStack>
        {serverError && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{serverError}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="4">
          {!locked && (
            <Button type="submit" colorPalette="brand" disabled={state === "saving"}>
              Save
            </Button>
          )}
          <SavedIndicator state={state} />
          {editing && item && (
            <Link asChild>
              <RouterLink to={kind.viewPath(item.slug)}>View</RouterLink>
            </Link>
          )}
          <Link asChild>
            <RouterLink to={kind.basePath}>All {kind.listTitle}</RouterLink>
          </Link>
        </HStack>
      </Stack>
    </form>
  );

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">
        {editing ? "Edit" : "Add"} {kind.singular}
      </Heading>
      {editing ? (
        <AsyncState query={list} error={<LoadError error={loadError(`The ${kind.singular.toLowerCase()}`)} />}>
          {(all) =>
            item ? form : all.some((i) => i.slug === routeSlug) ? <Loading /> : <LoadError error={`This ${kind.singular.toLowerCase()} does not exist.`} />
          }
        </AsyncState>
      ) : (
        form
      )}
    </Stack>
  );
}

export const BlogEdit = () => <ContentEdit kind={CONTENT_KINDS.blog} />;
export const PageEdit = () => <ContentEdit kind={CONTENT_KINDS.page} />;
export const WikiEdit = () => <ContentEdit kind={CONTENT_KINDS.wiki} />;
