import { Stack } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";
import { ScreenHeading } from "../../components/ScreenHeading";
import { useChapterAdmin } from "./ChapterAdminContext";

/** One screen of the chapter admin area: its heading (also the document title), loading and error states. */
export function AdminSection({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  const { chapter } = useChapterAdmin();
  useEffect(() => {
    document.title = `${title} | ${chapter.displayTitle} | Living Liberally`;
  }, [title, chapter.displayTitle]);
  return (
    <Stack gap="5">
      <ScreenHeading title={title} actions={actions} />
      {children}
    </Stack>
  );
}

export { Loading, LoadError } from "../../components/AsyncState";
