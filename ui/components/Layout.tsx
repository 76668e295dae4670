import { Box, Container, Flex, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { Link as RouterLink, Outlet, useLocation } from "react-router-dom";
import { useCurrentUser } from "../auth/CurrentUser";
import { ColorModeToggle } from "./ColorModeToggle";

function NavLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <ChakraLink asChild variant="plain" color="header.fg" fontWeight="medium" _hover={{ textDecoration: "underline" }}>
      <RouterLink to={to}>{children}</RouterLink>
    </ChakraLink>
  );
}

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

/** The top menu's links (spec 000 section 2), for whoever is signed in. */
function NavItems() {
  const { user } = useCurrentUser();
  return (
    <>
      <NavLink to="/about">About</NavLink>
      <NavLink to="/chapter_types">Chapter Types</NavLink>
      {user?.hasChapters && <NavLink to="/my_chapters">My Chapters</NavLink>}
      {user?.isAdmin && <NavLink to="/admin">Admin Tools</NavLink>}
      {user ? <NavLink to="/settings">{`Hi, ${user.name}!`}</NavLink> : <NavLink to="/signin">Sign In</NavLink>}
    </>
  );
}

/**
 * On a phone the menu's links fold into a Menu button, so the header stays one row whoever is signed in. It is a
 * <details>, which opens without JavaScript too; with it, the menu closes on Escape, on a click elsewhere and when
 * a link is followed.
 */
function PhoneMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  useEffect(() => {
    const closeOutside = (e: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(e.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, []);
  const closeOnEscape = (e: KeyboardEvent) => {
    const details = ref.current;
    if (e.key !== "Escape" || !details?.open) return;
    details.open = false;
    details.querySelector("summary")?.focus();
  };
  return (
    <Box as="details" ref={ref} position="relative" onKeyDown={closeOnEscape} data-testid="phone-menu">
      <Box
        as="summary"
        listStyle="none"
        cursor="pointer"
        px="3"
        py="1"
        borderRadius="md"
        borderWidth="1px"
        borderColor="header.fg"
        fontWeight="medium"
        _hover={{ bg: "header.hover" }}
        css={{ "&::-webkit-details-marker": { display: "none" } }}
      >
        Menu
      </Box>
      <Stack
        as="nav"
        aria-label="Main"
        position="absolute"
        right="0"
        top="calc(100% + 12px)"
        zIndex="dropdown"
        minW="48"
        gap="3"
        p="4"
        bg="header.bg"
        borderWidth="1px"
        borderColor="header.fg"
        borderRadius="md"
        boxShadow="lg"
      >
        <NavItems />
      </Stack>
    </Box>
  );
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
              <ColorModeToggle />
            </HStack>
            <HStack gap="2" display={{ base: "flex", md: "none" }}>
              <ColorModeToggle />
              <PhoneMenu />
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
