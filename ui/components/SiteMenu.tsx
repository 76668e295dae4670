import { Box, Link as ChakraLink, Stack } from "@chakra-ui/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { useCurrentUser } from "../auth/CurrentUser";
import { closeWhenLeft } from "../lib/disclosure";

function NavLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ChakraLink asChild variant="plain" color="header.fg" fontWeight="medium" _hover={{ textDecoration: "underline" }}>
      <RouterLink to={to}>{children}</RouterLink>
    </ChakraLink>
  );
}

/** The top menu's links (spec 000 section 2), for whoever is signed in. */
export function NavItems() {
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
 * <details>, which opens without JavaScript too; with it, the menu closes on Escape, on a click elsewhere
 * (closeWhenLeft) and when a link is followed. On a page that starts by its islands, closeWhenLeft alone runs
 * (ui/islands/plain.ts): its links load pages.
 */
export function PhoneMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  useEffect(() => (ref.current ? closeWhenLeft(ref.current) : undefined), []);
  return (
    <Box as="details" ref={ref} position="relative" data-testid="phone-menu">
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
