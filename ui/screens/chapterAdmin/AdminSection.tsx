import { Heading, Stack } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";
import { useChapterAdmin } from "./ChapterAdminContext";

/** One screen of the chapter admin area: its heading (also the document title), loading and error states. */
export function AdminSection({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  const { chapter } = useChapterAdmin();
  useEffect(() => {
    document.title = `${title} | ${chapter.displayTitle} | Living Liberally`;
  }, [title, chapter.displayTitle]);
  return (
    <Stack gap="5">
      <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "center" }} gap="3">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {actions}
      </Stack>
      {children}
    </Stack>
  );
}

export { Loading, LoadError } from "../../components/AsyncState";
