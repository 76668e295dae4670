import { Alert, Field, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import type { ChapterDetail } from "../../../server/contracts/chapter";
import { TIME_ZONES } from "../../../server/contracts/timeZones";
import { CHAPTER_STATUSES, SETTINGS_CHAPTER_TYPES, SETTINGS_NEED_FIELD_ORGANIZER, type ChapterSettingsOptions } from "../../../server/contracts/chapterAdmin";
import { chapterQueries, useSaveChapter } from "../../api/chapters";
import { ApiRequestError } from "../../api/client";
import { AsyncState } from "../../components/AsyncState";
import { FormField } from "../../components/FormField";
import { SaveRow, useSaveState } from "../../components/SavedIndicator";
import { STATE_OPTIONS } from "../../components/StateSelect";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, Loading } from "./AdminSection";

type ListField = "sendInBlueListId" | "brontoListId";

const ZONE_LABELS = new Map(TIME_ZONES.map((z) => [z.zone, z.label]));
/** "Eastern (New York)" for the listed zones, the IANA name otherwise. */
const zoneLabel = (zone: string) => ZONE_LABELS.get(zone) ?? zone.replace(/_/g, " ");

interface Values {
  title: string;
  slug: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  chapterTypeId: number;
  status: number;
  emailAlias: string;
  brontoListName: string;
  sendInBlueListId: string;
  brontoListId: string;
  timeZone: string;
}

type Errors = Partial<Record<keyof Values, string>>;

const fromChapter = (c: ChapterDetail): Values => ({
  title: c.title,
  slug: c.slug,
  city: c.city,
  state: c.state,
  postalCode: c.postalCode,
  country: c.country,
  chapterTypeId: c.chapterTypeId,
  status: c.status,
  emailAlias: c.emailAlias,
  brontoListName: c.brontoListName,
  sendInBlueListId: c.sendInBlueListId,
  brontoListId: c.brontoListId,
  timeZone: c.timeZone,
});

/** The spec's messages (spec 001 section 5); the server answers the same ones. */
export function validateSettings(v: Values, listField: ListField): Errors {
  const e: Errors = {};
  if (!v.title.trim()) e.title = "Title is Required";
  if (!v.slug.trim()) e.slug = "Slug is Required";
  else if (!/^[a-z0-9_-]+$/.test(v.slug)) e.slug = "Slug must be lowercase letters, numbers and underscores, without spaces";
  if (!v.city.trim()) e.city = "City is Required";
  if (!v.postalCode.trim()) e.postalCode = "Postal Code is Required";
  if (!v.country.trim()) e.country = "Country is Required";
  if (!v.emailAlias.trim()) e.emailAlias = "Email Alias is Required";
  else if (!/^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i.test(v.emailAlias.trim()))
    e.emailAlias = "Email Alias may only contain letters, numbers, dots, hyphens and underscores";
  if (!v.brontoListName.trim()) e.brontoListName = "List Name is Required";
  if (!v[listField].trim()) e[listField] = listField === "sendInBlueListId" ? "SendInBlue Id is Required" : "Bronto Id is Required";
  return e;
}

function SelectField({
  label,
  name,
  value,
  onChange,
  disabled,
  children,
  helper,
}: {
  label: string;
  name: string;
  value: string | number;
  onChange: (v: string) => void;
  disabled?: boolean;
  children: ReactNode;
  helper?: ReactNode;
}) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={String(value)} onChange={(e) => onChange(e.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/**
 * Chapter Settings (spec 001 sections 2, 5 and 6). Everyone with host access sees the settings; saving
 * needs field organizer access, and only admins may change the slug.
 */
export function ChapterSettings() {
  const { chapter } = useChapterAdmin();
  const options = useQuery(chapterQueries.settingsOptions());
  return (
    <AdminSection title="Chapter Settings">
      <AsyncState query={options} loading={<Loading label="Loading settings" />}>
        {(data) => <SettingsForm key={chapter.id} options={data} />}
      </AsyncState>
    </AdminSection>
  );
}

function SettingsForm({ options }: { options: ChapterSettingsOptions }) {
  const { chapter } = useChapterAdmin();
  const navigate = useNavigate();
  const save = useSaveChapter();
  const [values, setValues] = useState<Values>(() => fromChapter(chapter));
  const [touched, setTouched] = useState<Partial<Record<keyof Values, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<ApiRequestError | null>(null);
  const [saveState, setSaveState] = useSaveState();
  const canSave = chapter.abilities.fieldOrganize;
  const canEditSlug = chapter.abilities.editSlug;
  const listField: ListField = options.emailServiceName === "bronto" ? "brontoListId" : "sendInBlueListId";

  useEffect(() => setValues(fromChapter(chapter)), [chapter]);

  const errors = useMemo(() => validateSettings(values, listField), [values, listField]);
  const shown = (k: keyof Values) => (submitted || touched[k] ? errors[k] : undefined) ?? (serverError?.field === k ? serverError.message : undefined);
  const set =
    <K extends keyof Values>(k: K) =>
    (v: Values[K]) => {
      setValues((old) => ({ ...old, [k]: v }));
      setTouched((old) => ({ ...old, [k]: true }));
    };

  const type = options.chapterTypes.find((t) => t.id === values.chapterTypeId);
  const typeChoices: { id: number; label: string }[] = SETTINGS_CHAPTER_TYPES.map((t) => ({ id: t.id, label: t.label }));
  if (!typeChoices.some((t) => t.id === values.chapterTypeId) && type)
    typeChoices.push({ id: type.id, label: type.name[0].toUpperCase() + type.name.slice(1) });
  const zones = options.timeZones.includes(values.timeZone) ? options.timeZones : [values.timeZone, ...options.timeZones];

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!canSave || Object.keys(errors).length > 0) return;
    setSaveState("saving");
    try {
      const body = { id: chapter.id, ...values, slug: canEditSlug ? values.slug : chapter.slug };
      const saved = await save.mutateAsync(body);
      setSaveState("saved");
      if (saved.slug !== chapter.slug || saved.state !== chapter.state) {
        navigate(`/chapter/${saved.state}/${saved.slug}/admin/settings`, { replace: true });
      }
    } catch (err) {
      setSaveState("idle");
      setServerError(err instanceof ApiRequestError ? err : new ApiRequestError(0, (err as Error).message, "client_error", undefined, null));
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Chapter Settings">
      <Stack gap="5">
        {!canSave && (
          <Alert.Root status="warning" data-testid="settings-need-fo">
            <Alert.Indicator />
            <Alert.Title>{SETTINGS_NEED_FIELD_ORGANIZER}</Alert.Title>
          </Alert.Root>
        )}
        {serverError && !serverError.field && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{serverError.message}</Alert.Title>
          </Alert.Root>
        )}
        <fieldset disabled={!canSave} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label="Title" name="title" required value={values.title} onChange={set("title")} error={shown("title")} />
              <FormField
                label="Slug"
                name="slug"
                required
                value={values.slug}
                onChange={(v) => set("slug")(v.toLowerCase())}
                readOnly={!canEditSlug}
                error={shown("slug")}
                helper={
                  canEditSlug
                    ? "Lowercase letters, numbers and underscores, no spaces. It is part of the chapter's address."
                    : "Only admins can change the slug."
                }
              />
              <FormField label="City" name="city" required value={values.city} onChange={set("city")} error={shown("city")} />
              <SelectField label="State" name="state" value={values.state} onChange={set("state")}>
                {STATE_OPTIONS.map(({ abbr, name }) => (
                  <option key={abbr} value={abbr}>
                    {name}
                  </option>
                ))}
              </SelectField>
              <FormField label="Postal Code" name="postalCode" required value={values.postalCode} onChange={set("postalCode")} error={shown("postalCode")} />
              <FormField label="Country" name="country" required value={values.country} onChange={set("country")} error={shown("country")} />
              <SelectField
                label="Chapter Type"
                name="chapterTypeId"
                value={values.chapterTypeId}
                onChange={(v) => set("chapterTypeId")(Number(v))}
                helper="Changing the Chapter Type requires manually adjusting the mail provider's settings for this chapter."
              >
                {typeChoices.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Chapter Status" name="status" value={values.status} onChange={(v) => set("status")(Number(v))}>
                {CHAPTER_STATUSES.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </SelectField>
              <FormField
                label="Email Alias"
                name="emailAlias"
                required
                value={values.emailAlias}
                onChange={set("emailAlias")}
                error={shown("emailAlias")}
                helper={
                  <>
                    <Text as="span" data-testid="alias-helper">
                      {`${values.emailAlias.trim() || "alias"}@${type?.emailDomain ?? ""}`}
                    </Text>
                    {" · "}Changing the Email Alias requires manually adjusting the mail provider's settings for this chapter.
                  </>
                }
              />
              <FormField
                label="List Name"
                name="brontoListName"
                required
                value={values.brontoListName}
                onChange={set("brontoListName")}
                error={shown("brontoListName")}
              />
              {listField === "sendInBlueListId" ? (
                <FormField
                  label="SendInBlue Id"
                  name="sendInBlueListId"
                  required
                  value={values.sendInBlueListId}
                  onChange={set("sendInBlueListId")}
                  error={shown("sendInBlueListId")}
                />
              ) : (
                <FormField
                  label="Bronto Id"
                  name="brontoListId"
                  required
                  value={values.brontoListId}
                  onChange={set("brontoListId")}
                  error={shown("brontoListId")}
                />
              )}
              <SelectField
                label="Time Zone"
                name="timeZone"
                value={values.timeZone}
                onChange={set("timeZone")}
                helper="Event times of this chapter are in this time zone."
              >
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {zoneLabel(z)}
                  </option>
                ))}
              </SelectField>
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              Note: changing the Email Alias or the Chapter Type requires manually adjusting the mail provider's settings for this chapter.
            </Text>
          </Stack>
        </fieldset>
        <SaveRow state={saveState} disabled={!canSave} />
      </Stack>
    </form>
  );
}
