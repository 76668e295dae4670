import { Alert, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { TIME_ZONES } from "../../../server/contracts/timeZones";
import { CHAPTER_STATUSES, SETTINGS_CHAPTER_TYPES, SETTINGS_NEED_FIELD_ORGANIZER, type ChapterSettingsOptions } from "../../../server/contracts/chapterAdmin";
import { LIST_ID_FIELDS, chapterSettingsSchema, settingsOf, type ChapterSettingsValues } from "../../../server/contracts/chapterSettings";
import { chapterQueries, useSaveChapter } from "../../api/chapters";
import { AsyncState } from "../../components/AsyncState";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FormField } from "../../components/FormField";
import { SaveRow } from "../../components/SavedIndicator";
import { SelectField, type Choice } from "../../components/SelectField";
import { STATE_CHOICES } from "../../components/StateSelect";
import { useSubmitForm } from "../../lib/forms";
import { useChapterAdmin } from "./ChapterAdminContext";
import { AdminSection, Loading } from "./AdminSection";

const ZONE_LABELS = new Map(TIME_ZONES.map((z) => [z.zone, z.label]));
/** "Eastern (New York)" for the listed zones, the IANA name otherwise. */
const zoneLabel = (zone: string) => ZONE_LABELS.get(zone) ?? zone.replace(/_/g, " ");

const STATUS_CHOICES: Choice<number>[] = CHAPTER_STATUSES.map((s) => ({ value: s.id, label: s.label }));

type Values = ChapterSettingsValues;

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
  const canSave = chapter.abilities.fieldOrganize;
  const canEditSlug = chapter.abilities.editSlug;
  const listField = LIST_ID_FIELDS[options.emailServiceName].field;
  // The body the form posts: a host without the right to change the slug sends the chapter's own.
  const bodyOf = (values: Values) => ({ id: chapter.id, ...values, slug: canEditSlug ? values.slug : chapter.slug });
  const { form, values, set, field, submit, error, saveState } = useSubmitForm<Values>({
    defaultValues: settingsOf(chapter),
    schema: chapterSettingsSchema(options.emailServiceName),
    toBody: bodyOf,
    onSubmit: async (v) => {
      const saved = await save.mutateAsync(bodyOf(v));
      if (saved.slug !== chapter.slug || saved.state !== chapter.state) {
        navigate(`/chapter/${saved.state}/${saved.slug}/admin/settings`, { replace: true });
      }
    },
  });

  const { reset } = form;
  useEffect(() => reset(settingsOf(chapter)), [chapter, reset]);

  const type = options.chapterTypes.find((t) => t.id === values.chapterTypeId);
  const typeChoices: Choice<number>[] = SETTINGS_CHAPTER_TYPES.map((t) => ({ value: t.id, label: t.label }));
  if (!typeChoices.some((t) => t.value === values.chapterTypeId) && type)
    typeChoices.push({ value: type.id, label: type.name[0].toUpperCase() + type.name.slice(1) });
  const zones = options.timeZones.includes(values.timeZone) ? options.timeZones : [values.timeZone, ...options.timeZones];

  return (
    <form onSubmit={canSave ? submit : (e) => e.preventDefault()} noValidate aria-label="Chapter Settings">
      <Stack gap="5">
        {!canSave && (
          <Alert.Root status="warning" data-testid="settings-need-fo">
            <Alert.Indicator />
            <Alert.Title>{SETTINGS_NEED_FIELD_ORGANIZER}</Alert.Title>
          </Alert.Root>
        )}
        <ErrorAlert message={error?.message ?? null} />
        <fieldset disabled={!canSave} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label="Title" required {...field("title")} />
              <FormField
                label="Slug"
                required
                {...field("slug")}
                onChange={(v) => set("slug")(v.toLowerCase())}
                readOnly={!canEditSlug}
                helper={
                  canEditSlug
                    ? "Lowercase letters, numbers and underscores, no spaces. It is part of the chapter's address."
                    : "Only admins can change the slug."
                }
              />
              <FormField label="City" required {...field("city")} />
              <SelectField label="State" {...field("state")} options={STATE_CHOICES} />
              <FormField label="Postal Code" required {...field("postalCode")} />
              <FormField label="Country" required {...field("country")} />
              <SelectField
                label="Chapter Type"
                {...field("chapterTypeId")}
                options={typeChoices}
                helper="Changing the Chapter Type requires manually adjusting the mail provider's settings for this chapter."
              />
              <SelectField label="Chapter Status" {...field("status")} options={STATUS_CHOICES} />
              <FormField
                label="Email Alias"
                required
                {...field("emailAlias")}
                helper={
                  <>
                    <Text as="span" data-testid="alias-helper">
                      {`${values.emailAlias.trim() || "alias"}@${type?.emailDomain ?? ""}`}
                    </Text>
                    {" · "}Changing the Email Alias requires manually adjusting the mail provider's settings for this chapter.
                  </>
                }
              />
              <FormField label="List Name" required {...field("brontoListName")} />
              <FormField label={LIST_ID_FIELDS[options.emailServiceName].label} required {...field(listField)} />
              <SelectField
                label="Time Zone"
                {...field("timeZone")}
                options={zones.map((z) => ({ value: z, label: zoneLabel(z) }))}
                helper="Event times of this chapter are in this time zone."
              />
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
