import { Alert, Button, Checkbox, Field, Heading, HStack, Link, Stack } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { contentBodySchema, wikiPageBodySchema } from "../../../../server/contracts/adminRequests";
import { SLUG_HINT, WIKI_NOT_EDITABLE_MESSAGE } from "../../../../server/contracts/siteAdmin";
import { contentQueries, useSaveContent } from "../../../api/content";
import { useFreshQuery } from "../../../api/queryClient";
import { AsyncState, LoadError, Loading } from "../../../components/AsyncState";
import { ErrorAlert } from "../../../components/ErrorAlert";
import { FormField } from "../../../components/FormField";
import { useSubmitForm } from "../../../lib/forms";
import { RichTextEditor } from "../../../components/RichTextEditor";
import { SavedIndicator } from "../../../components/SavedIndicator";
import { loadError } from "../shared/loadError";
import { CONTENT_KINDS, slugFromTitle, type ContentItem, type ContentKind } from "./contentKinds";

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
  const list = useFreshQuery({ ...contentQueries.admin(kind.key), enabled: editing });
  const items: ContentItem[] | undefined = list.data;
  const [item, setItem] = useState<ContentItem | null>(null);

  // The form starts from the entry its address names, and again when a save moves it to a new slug.
  useEffect(() => {
    const found = items?.find((i) => i.slug === routeSlug);
    if (found) setItem(found);
  }, [items, routeSlug]);

  return (
    <Stack gap="5">
      <Heading as="h2" size="lg">
        {editing ? "Edit" : "Add"} {kind.singular}
      </Heading>
      {editing ? (
        <AsyncState query={list} error={<LoadError error={loadError(`The ${kind.singular.toLowerCase()}`)} />}>
          {(all) =>
            item ? (
              <ContentForm key={item.id} kind={kind} item={item} onSaved={setItem} />
            ) : all.some((i) => i.slug === routeSlug) ? (
              <Loading />
            ) : (
              <LoadError error={`This ${kind.singular.toLowerCase()} does not exist.`} />
            )
          }
        </AsyncState>
      ) : (
        <ContentForm kind={kind} item={null} onSaved={setItem} />
      )}
    </Stack>
  );
}

interface ContentValues {
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
  isEditable: boolean;
}

const valuesOf = (item: ContentItem | null): ContentValues =>
  item
    ? { title: item.title, slug: item.slug, body: item.body, isPublic: item.isPublic, isEditable: item.isEditable ?? true }
    : { title: "", slug: "", body: "", isPublic: true, isEditable: true };

function ContentForm({ kind, item, onSaved }: { kind: ContentKind; item: ContentItem | null; onSaved: (saved: ContentItem) => void }) {
  const editing = item !== null;
  const navigate = useNavigate();
  const save = useSaveContent(kind.key);
  const locked = kind.hasEditableFlag && editing && item.isEditable === false;
  const bodyOf = (v: ContentValues) => ({ id: item?.id, ...v, title: v.title.trim() });
  const { form, values, set, field, submit, error, saveState } = useSubmitForm<ContentValues>({
    defaultValues: valuesOf(item),
    schema: kind.hasEditableFlag ? wikiPageBodySchema : contentBodySchema,
    toBody: bodyOf,
    onSubmit: async (v, { reset }) => {
      if (locked) return;
      const saved: ContentItem = await save.mutateAsync(bodyOf(v));
      if (!editing) {
        navigate(kind.basePath);
        return;
      }
      onSaved(saved);
      reset({ ...v, body: saved.body });
      if (saved.slug !== item.slug) navigate(`${kind.basePath}/edit/${saved.slug}`, { replace: true });
    },
  });

  // A new entry's slug follows its title until the slug is edited.
  const handleTitle = (v: string) => {
    set("title")(v);
    if (!editing && !form.getFieldState("slug").isTouched) form.setValue("slug", slugFromTitle(v));
  };

  return (
    <form onSubmit={submit} aria-label={`${editing ? "Edit" : "Add"} ${kind.singular}`} noValidate>
      <Stack gap="4">
        {locked && (
          <Alert.Root status="warning" data-testid="not-editable">
            <Alert.Indicator />
            <Alert.Title>{WIKI_NOT_EDITABLE_MESSAGE}</Alert.Title>
          </Alert.Root>
        )}
        <FormField label="Title" required {...field("title")} onChange={handleTitle} disabled={locked} />
        <FormField
          label="Slug"
          required
          {...field("slug")}
          readOnly={editing && kind.slugReadOnlyOnEdit}
          disabled={locked}
          helper={editing && kind.slugReadOnlyOnEdit ? "The slug of a page cannot be changed." : SLUG_HINT}
        />
        <Field.Root disabled={locked}>
          <Field.Label htmlFor={`${kind.key}-body`}>Body</Field.Label>
          <RichTextEditor id={`${kind.key}-body`} label="Body" value={values.body} onChange={set("body")} disabled={locked} height={locked ? 240 : 360} />
        </Field.Root>
        <HStack gap="6">
          <FlagCheckbox label="Public" checked={values.isPublic} onChange={set("isPublic")} disabled={locked} />
          {kind.hasEditableFlag && <FlagCheckbox label="Editable" checked={values.isEditable} onChange={set("isEditable")} disabled={locked} />}
        </HStack>
        <ErrorAlert message={error?.message ?? null} />
        <HStack gap="4">
          {!locked && (
            <Button type="submit" colorPalette="brand" disabled={saveState === "saving"}>
              Save
            </Button>
          )}
          <SavedIndicator state={saveState} />
          {editing && (
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
}

export const BlogEdit = () => <ContentEdit kind={CONTENT_KINDS.blog} />;
export const PageEdit = () => <ContentEdit kind={CONTENT_KINDS.page} />;
export const WikiEdit = () => <ContentEdit kind={CONTENT_KINDS.wiki} />;
