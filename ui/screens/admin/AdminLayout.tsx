import { Box, Center, Container, Flex, Heading, Spinner, Stack } from "@chakra-ui/react";
import { Suspense } from "react";
import { Outlet } from "react-router-dom";
import { SideMenu } from "../../components/SideMenu";

const ITEMS = [
  { label: "Dashboard", to: "/admin", end: true },
  { label: "General Settings", to: "/admin/settings" },
  { label: "Chapter Host Appos", to: "/admin/chapter_host_applications" },
  { label: "Users", to: "/admin/users" },
  { label: "Blog", to: "/admin/blog" },
  { label: "Pages", to: "/admin/pages" },
  { label: "Press Mentions", to: "/admin/press_mentions" },
  { label: "Chapters", to: "/admin/chapters" },
  { label: "Email Admin", to: "/admin/email" },
  { label: "Wiki", to: "/admin/wiki" },
];

/** The site admin area (spec 001 section 2): side menu and the current screen. */
export function AdminLayout() {
  return (
    <Container maxW="7xl" py="6">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          Admin Tools
        </Heading>
        <Flex gap={{ base: "4", md: "8" }} direction={{ base: "column", md: "row" }} align={{ base: "stretch", md: "flex-start" }}>
          <SideMenu label="Site admin" items={ITEMS} />
          <Box flex="1" minW="0">
            <Suspense
              fallback={
                <Center py="10">
                  <Spinner />
                </Center>
              }
            >
              <Outlet />
            </Suspense>
          </Box>
        </Flex>
      </Stack>
    </Container>
  );
}
