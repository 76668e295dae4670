import { Box, Center, Container, Flex, Heading, Spinner, Stack } from "@chakra-ui/react";
import { Suspense, type ReactNode } from "react";
import { Outlet } from "react-router-dom";
import { SideMenu, type SideMenuItem } from "./SideMenu";

/** An admin area's frame (site admin, chapter admin): its title, its side menu and the current screen beside it. */
export function AdminShell({ title, menuLabel, items }: { title: ReactNode; menuLabel: string; items: SideMenuItem[] }) {
  return (
    <Container maxW="7xl" py="6">
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Flex gap={{ base: "4", md: "8" }} direction={{ base: "column", md: "row" }} align={{ base: "stretch", md: "flex-start" }}>
          <SideMenu label={menuLabel} items={items} />
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
