import fs from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import {
  Alert,
  Badge,
  Box,
  Button,
  ChakraProvider,
  Container,
  Field,
  Heading,
  IconButton,
  Input,
  Link,
  NativeSelect,
  Spinner,
  Stack,
  Text,
  type SystemContext,
} from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { initSystem } from "../theme";
import { islandSystem } from "./system";
import { chakraNamesUsed, recipesMissingFrom, uiDir } from "../test/chakraRecipes";

/** The source files an island's module reaches through relative imports (static or dynamic), from the registry. */
function islandFiles(): string[] {
  const seen = new Set<string>();
  const resolve = (from: string, spec: string) =>
    ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
      .map((ext) => path.resolve(path.dirname(from), spec + ext))
      .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(file, "utf8");
    for (const m of code.matchAll(/(?:from\s+|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = resolve(file, m[1]);
      if (target) visit(target);
    }
  };
  visit(path.join(uiDir, "islands", "registry.ts"));
  return [...seen];
}

describe("the islands' Chakra system", () => {
  it("has the recipe of every Chakra component an island uses, so none renders unstyled", () => {
    const files = islandFiles();
    expect(files.some((f) => f.endsWith("MailingListSignup.tsx"))).toBe(true);
    const used = chakraNamesUsed(files);
    expect(used.has("NativeSelect")).toBe(true);
    expect(recipesMissingFrom(islandSystem(), used)).toEqual([]);
  });

  it("names the classes the app's system names, so an island hydrates the server's markup as it is", () => {
    const render = (system: SystemContext, node: ReactNode) =>
      renderToString(
        <CacheProvider value={createCache({ key: "css" })}>
          <ChakraProvider value={system}>{node}</ChakraProvider>
        </CacheProvider>,
      );
    const sample = (
      <Container maxW="6xl" py={{ base: "6", md: "10" }}>
        <Stack gap="3" direction={{ base: "column", md: "row" }}>
          <Heading as="h2" size="lg">
            Find a chapter
          </Heading>
          <Field.Root flex="1" minW="220px">
            <Field.Label>Search for a place</Field.Label>
            <Input placeholder="City, state or ZIP code" />
          </Field.Root>
          <NativeSelect.Root>
            <NativeSelect.Field>
              <option>Texas</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button colorPalette="brand">Search</Button>
          <Button size="xs" variant="outline">
            Show on map
          </Button>
          <IconButton aria-label="Dark mode" size="sm" variant="ghost" color="header.fg" _hover={{ bg: "header.hover" }} />
          <Link color="link" fontWeight="semibold" href="/chapters/tx">
            Texas
          </Link>
          <Link variant="plain" href="/">
            Home
          </Link>
          <Badge css={{ bg: "chapterType.drinking.bg" }}>drinking</Badge>
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>Oops.</Alert.Title>
          </Alert.Root>
          <Spinner size="sm" />
          <Text color="fg.muted" _dark={{ color: "gray.300" }}>
            Next meetup
          </Text>
          <Box as="summary" borderColor="header.fg" />
        </Stack>
      </Container>
    );
    const app = render(initSystem(), sample);
    expect(app).toMatch(/class="[^"]*css-/);
    expect(render(islandSystem(), sample)).toBe(app);
  });

  it("inserts no global styles of its own (the page's head has them)", () => {
    const system = islandSystem();
    expect(system._global).toEqual([]);
    expect(initSystem()._global.length).toBeGreaterThan(0);
  });
});
