import { Alert, Button, Field, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { STATES } from "../../../../server/contracts/chapter";
import { newChapterBodySchema } from "../../../../server/contracts/newChapter";
import { APPLICATION_TYPE_CHAPTER_TYPE_IDS, type AdminHostApplication } from "../../../../server/contracts/siteAdmin";
import { useAddChapter } from "../../../api/chapters";
import { hostApplicationQueries } from "../../../api/hostApplications";
import { useFreshQuery } from "../../../api/queryClient";
import { AsyncState, LoadError } from "../../../components/AsyncState";
import { ErrorAlert } from "../../../components/ErrorAlert";
import { FormField } from "../../../components/FormField";
import { SelectField, type Choice } from "../../../components/SelectField";
import { STATE_CHOICES } from "../../../components/StateSelect";
import { RichTextEditor } from "../../../components/RichTextEditor";
import { notify } from "../../../components/Toaster";
import { useSubmitForm } from "../../../lib/forms";
import { loadError } from "../shared/loadError";
import { APPLICATION_BANNERS } from "../hostApplications/banners";

/** Chapter types shown in the admin (spec 001 section 4). */
const CHAPTER_TYPES: Choice<number>[] = [
  { value: 1, label: "Drinking" },
  { value: 4, label: "Laughing" },
  { value: 5, label: "Dining" },
  { value: 6, label: "Reading" },
];

interface Form {
  title: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  about: string;
  chapterTypeId: number;
}

const EMPTY: Form = { title: "", city: "", state: "ny", postalCode: "", country: "USA", about: "", chapterTypeId: 1 };

function fromApplication(a: AdminHostApplication): Form {
  return {
    ...EMPTY,
    title: a.city,
    city: a.city,
    state: a.state in STATES ? a.state : "int",
    country: a.state === "int" ? "" : "USA",
    chapterTypeId: APPLICATION_TYPE_CHAPTER_TYPE_IDS[a.type] ?? 1,
  };
}

/**
 * /admin/chapters/add and /admin/chapters/add/application/{slug}: a new chapter, hidden until enabled in
 * its settings. From an application, the form is pre-filled and saving approves the application and
 * makes the applicant the chapter's host.
 */
export function AddChapter() {
  const { chapterHostApplicationSlug } = useParams();
  const application = useFreshQuery({ ...hostApplicationQueries.admin(chapterHostApplicationSlug ?? ""), enabled: Boolean(chapterHostApplicationSlug) });
  return (
    <Stack gap="6">
      <Heading as="h2" size="lg">
        Add Chapter
      </Heading>
      {chapterHostApplicationSlug ? (
        <AsyncState query={application} error={<LoadError error={loadError("The host application")} />}>
          {(a) => <AddChapterForm key={a.slug} opened={a} />}
        </AsyncState>
      ) : (
        <AddChapterForm />
      )}
    </Stack>
  );
}

/** The form, pre-filled from the application it was opened with (saving approves it; the form keeps what it opened). */
function AddChapterForm({ opened }: { opened?: AdminHostApplication }) {
  const navigate = useNavigate();
  const add = useAddChapter();
  const [application] = useState(opened ?? null);
  const chapterHostApplicationSlug = application?.slug;
  const blocked = Boolean(application && application.status !== "open");
  const {
    values: form,
    set,
    field,
    submit,
    busy,
    error,
  } = useSubmitForm<Form>({
    defaultValues: application ? fromApplication(application) : EMPTY,
    schema: newChapterBodySchema,
    serverErrorsAbove: true,
    touchOnBlur: true,
    onSubmit: async (v) => {
      if (blocked) return;
      const result = await add.mutateAsync({ ...v, ...(chapterHostApplicationSlug ? { chapterHostApplicationSlug } : {}) });
      notify("success", `${result.chapter.displayTitle} was added`, "It stays hidden until it is enabled in its Chapter Settings.");
      navigate(chapterHostApplicationSlug ? `/admin/chapter_host_applications/${chapterHostApplicationSlug}` : "/admin/chapters");
    },
  });

  if (application && blocked) {
    // One message: the application's state, and the way back to it; no form that could not be saved.
    return (
      <Stack gap="4" maxW="2xl">
        <Alert.Root status="warning" data-testid="application-banner">
          <Alert.Indicator />
          <Alert.Title>{APPLICATION_BANNERS[application.status] ?? "This Chapter Host Application is no longer open."}</Alert.Title>
        </Alert.Root>
        <Link asChild alignSelf="flex-start">
          <RouterLink to={`/admin/chapter_host_applications/${application.slug}`}>{`Back to the host application of ${application.user.name}`}</RouterLink>
        </Link>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} aria-label="Add Chapter" noValidate>
      <Stack gap="4" maxW="2xl">
        {application && (
          <Text>
            From the host application of{" "}
            <Link asChild fontWeight="medium">
              <RouterLink to={`/admin/chapter_host_applications/${application.slug}`}>{application.user.name}</RouterLink>
            </Link>
            : saving approves it and makes {application.user.name} the chapter's host.
          </Text>
        )}
        <FormField label="Title" required {...field("title")} />
        <FormField label="City" required {...field("city")} />
        <SelectField label="State" {...field("state")} options={STATE_CHOICES} />
        <FormField label="Postal Code" required {...field("postalCode")} />
        <FormField label="Country" required {...field("country")} />
        <SelectField label="Chapter Type" {...field("chapterTypeId")} options={CHAPTER_TYPES} />
        <Field.Root>
          <Field.Label htmlFor="chapter-about">About</Field.Label>
          <RichTextEditor id="chapter-about" label="About" value={form.about} onChange={set("about")} />
        </Field.Root>
        <Text fontSize="sm" color="fg.muted">
          A new chapter is hidden until it is enabled in its Chapter Settings.
        </Text>
        <ErrorAlert message={error?.message ?? null} />
        <HStack>
          <Button type="submit" colorPalette="brand" loading={busy} disabled={busy}>
            Save
          </Button>
          <Link asChild>
            <RouterLink to="/admin/chapters">All Chapters</RouterLink>
          </Link>
        </HStack>
      </Stack>
    </form>
  );
}
