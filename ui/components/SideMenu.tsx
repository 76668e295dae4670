import { Box, Link as ChakraLink, Stack } from "@chakra-ui/react";
import { NavLink } from "react-router-dom";

export interface SideMenuItem {
  label: string;
  to: string;
  /** Match the path exactly (for the area's default route). */
  end?: boolean;
}

/** The side menu of the admin areas; the current entry is marked with aria-current. */
export function SideMenu({ label, items }: { label: string; items: SideMenuItem[] }) {
  return (
    <Box as="nav" aria-label={label} minW={{ md: "52" }}>
      <Stack gap="1">
        {items.map((item) => (
          <ChakraLink
            key={item.to}
            asChild
            px="3"
            py="2"
            rounded="md"
            color="gray.800"
            _hover={{ bg: "gray.100" }}
            css={{ "&[aria-current=page]": { background: "var(--chakra-colors-blue-50)", color: "var(--chakra-colors-blue-800)", fontWeight: 600 } }}
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
