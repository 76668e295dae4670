import { Box, Container, Flex, HStack, Link as ChakraLink, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { Link as RouterLink, Outlet } from "react-router-dom";
import { Island } from "../islands/Island";
import { ColorModeToggle } from "./ColorModeToggle";
import { NavItems, PhoneMenu } from "./SiteMenu";

/** Keeps --header-bottom (where the header ends in the window, 0 once scrolled away) for the toasts below it. */
function useHeaderBottom() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const update = () => document.documentElement.style.setProperty("--header-bottom", `${Math.max(0, header.getBoundingClientRect().bottom)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(header);
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", update);
    };
  }, []);
  return ref;
}

/** The global frame: top menu (spec 000 section 2) and footer. */
export function Layout() {
  const headerRef = useHeaderBottom();
  return (
    <Flex direction="column" minH="100vh">
      {/* The first tab stop: keyboard users go straight to the page's content, past the menu (hidden until focused). */}
      <ChakraLink
        href="#main"
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipNav"
        bg="bg"
        color="link"
        px="3"
        py="2"
        borderRadius="md"
        _focus={{ top: "2" }}
        data-testid="skip-link"
      >
        Skip to content
      </ChakraLink>
      <Box as="header" ref={headerRef} bg="header.bg" color="header.fg">
        <Container maxW="6xl" py="3">
          <Flex align="center" justify="space-between" wrap="wrap" gap="3">
            <ChakraLink asChild variant="plain" color="header.fg" fontWeight="bold" fontSize="xl">
              <RouterLink to="/">Living Liberally</RouterLink>
            </ChakraLink>
            <HStack as="nav" aria-label="Main" gap="5" wrap="wrap" display={{ base: "none", md: "flex" }}>
              <NavItems />
              <Island name="colorMode" of={ColorModeToggle} props={{}} />
            </HStack>
            <HStack gap="2" display={{ base: "flex", md: "none" }}>
              <Island name="colorMode" of={ColorModeToggle} props={{}} />
              <Island name="phoneMenu" of={PhoneMenu} props={{}} />
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Box as="main" flex="1" id="main" minH="100vh" tabIndex={-1} outline="none">
        <Outlet />
      </Box>
      <Box as="footer" bg="bg.muted" py="6" mt="10">
        <Container maxW="6xl">
          <Text fontSize="sm" color="fg.muted">
            © {new Date().getFullYear()} Living Liberally. All rights reserved.
          </Text>
        </Container>
      </Box>
    </Flex>
  );
}
