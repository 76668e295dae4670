import { Container, Heading, Stack } from "@chakra-ui/react";
import { useEffect, type ReactNode } from "react";

/** A page body with its title, which also becomes the document title. */
export function Page({ title, children, maxW = "3xl", headingId }: { title: ReactNode; children?: ReactNode; maxW?: string; headingId?: string }) {
  useEffect(() => {
    if (typeof title === "string") document.title = `${title} | Living Liberally`;
  }, [title]);
  return (
    <Container maxW={maxW} py="8">
      <Stack gap="6">
        <Heading as="h1" size="2xl" id={headingId}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}
