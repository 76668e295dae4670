import { Box, Button, Link as ChakraLink, Stack } from "@chakra-ui/react";
import { useId, useState } from "react";
import { NavLink, useLocation } from "react-router-dom";

export interface SideMenuItem {
  label: string;
  to: string;
  /** Match the path exactly (for the area's default route). */
  end?: boolean;
}

/**
 * The side menu of the admin areas; the current entry is marked with aria-current. On a phone it folds into
 * a "Menu" button showing the current entry, so the screen itself comes first.
 */
export function SideMenu({ label, items }: { label: string; items: SideMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  const current = [...items]
    .sort((a, b) => b.to.length - a.to.length)
    .find((i) => (i.end ? pathname === i.to : pathname === i.to || pathname.startsWith(`${i.to}/`)));
  return (
    <Box as="nav" aria-label={label} minW={{ md: "52" }} w={{ base: "full", md: "auto" }}>
      <Button
        hideFrom="md"
        variant="outline"
        w="full"
        justifyContent="space-between"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {`Menu${current ? `: ${current.label}` : ""}`}
        <Box as="span" aria-hidden>
          {open ? "▲" : "▼"}
        </Box>
      </Button>
      <Stack gap="1" id={listId} display={{ base: open ? "flex" : "none", md: "flex" }} mt={{ base: open ? "2" : "0", md: "0" }}>
        {items.map((item) => (
          <ChakraLink
            key={item.to}
            asChild
            variant="plain"
            px="3"
            py="2"
            rounded="md"
            color="fg"
            _hover={{ bg: "bg.muted" }}
            css={{ "&[aria-current=page]": { background: "var(--chakra-colors-blue-50)", color: "var(--chakra-colors-blue-800)", fontWeight: 600 } }}
            onClick={() => setOpen(false)}
          >
            <NavLink to={item.to} end={item.end}>
              {item.label}
            </NavLink>
          </ChakraLink>
        ))}
      </Stack>
    </Box>
  );
}
