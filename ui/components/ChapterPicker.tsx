import { Box, Field, Input, Text } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import type { ChapterSummary } from "../../server/contracts/chapter";
import { CHAPTER_PICKER_LIMIT } from "../../server/contracts/paging";
import { chapterQueries } from "../api/chapters";
import { useDebounced } from "../lib/useDebounced";

/** What an option and the chosen chapter read: "Boston (MA)". */
const chapterChoiceLabel = (c: Pick<ChapterSummary, "displayTitle" | "state">) => `${c.displayTitle} (${c.state.toUpperCase()})`;

const NO_CHAPTER = "No chapter";

interface Props {
  /** The field's label; the input and the list of matches are named by it. */
  label: string;
  /** The chosen chapter's id; null for none. */
  value: number | null;
  /** Called with the chosen chapter, or null when "No chapter" is chosen. */
  onChange: (chapter: ChapterSummary | null) => void;
}

/**
 * Choosing one chapter of many (a network has thousands): a combobox (WAI-ARIA's "combobox with a listbox popup").
 * Typing searches title, city, slug and state on the server (`GET /api/chapters?q=...&limit=20`); the list opens
 * on typing, a click, Down or Alt+Down; Up and Down move through it, Enter chooses, Escape closes it and puts back
 * the chosen chapter. "No chapter" is offered while nothing is typed. An existing record's chapter is loaded by
 * its id (`GET /api/chapter/id/{id}`) to show its name.
 */
export function ChapterPicker({ label, value, onChange }: Props) {
  const id = useId();
  const ids = { control: `${id}-input`, label: `${id}-label` };
  const listId = `${id}-list`;
  const [picked, setPicked] = useState<ChapterSummary | null>(null);
  // What is typed; null while nothing is (the input then shows the chosen chapter).
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const known = value === null || picked?.id === value;
  const loaded = useQuery({ ...chapterQueries.byId(value ?? 0), enabled: !known });
  const current = value === null ? null : picked?.id === value ? picked : (loaded.data ?? null);
  const currentLabel = current ? chapterChoiceLabel(current) : value !== null && loaded.isError ? `Chapter ${value}` : "";

  const term = useDebounced((typed ?? "").trim(), 250);
  const matches = useQuery({ ...chapterQueries.picker(term), enabled: open, placeholderData: keepPreviousData });
  const found = matches.data ?? [];
  const options: (ChapterSummary | null)[] = term === "" ? [null, ...found] : found;
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
    setTyped(null);
  };
  const choose = (chapter: ChapterSummary | null) => {
    setPicked(chapter);
    close();
    onChange(chapter);
  };
  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open || e.altKey) {
        setOpen(true);
        return;
      }
      const last = options.length - 1;
      setActive((i) => (e.key === "ArrowDown" ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === "Enter" && open) {
      // The list is open: Enter chooses from it and never submits the form.
      e.preventDefault();
      if (active >= 0 && active < options.length) choose(options[active]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const status = matches.isError
    ? "The chapters could not be loaded. Please try again."
    : matches.isPending || (matches.isPlaceholderData && term !== "")
      ? "Searching..."
      : found.length === 0
        ? "No chapters found"
        : found.length >= CHAPTER_PICKER_LIMIT
          ? `The first ${CHAPTER_PICKER_LIMIT} chapters: type more to narrow the list`
          : `${found.length} chapter${found.length === 1 ? "" : "s"} found`;

  return (
    <Field.Root ids={ids}>
      <Field.Label>{label}</Field.Label>
      <Box position="relative" width="full">
        <Input
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          value={typed ?? currentLabel}
          placeholder={typed !== null ? "Type a chapter's title, city or state" : value === null ? NO_CHAPTER : "Loading..."}
          onChange={(e) => {
            setTyped(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={handleKeyDown}
          onBlur={close}
        />
        {open && (
          // Focus stays in the input (aria-activedescendant): a press on the list must not take it away.
          <Box
            position="absolute"
            zIndex="dropdown"
            top="100%"
            insetX="0"
            mt="1"
            bg="bg"
            borderWidth="1px"
            rounded="md"
            shadow="md"
            onMouseDown={(e) => e.preventDefault()}
          >
            <Box as="ul" role="listbox" id={listId} aria-labelledby={ids.label} listStyleType="none" maxH="xs" overflowY="auto" py="1">
              {options.map((c, i) => (
                <Box
                  as="li"
                  key={c?.id ?? "none"}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  px="3"
                  py="1.5"
                  cursor="pointer"
                  bg={i === active ? "bg.muted" : undefined}
                  fontWeight={(c?.id ?? null) === value ? "semibold" : undefined}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(c)}
                >
                  {c ? chapterChoiceLabel(c) : NO_CHAPTER}
                </Box>
              ))}
            </Box>
            <Text role="status" px="3" py="1.5" fontSize="sm" color="fg.muted" borderTopWidth="1px">
              {status}
            </Text>
          </Box>
        )}
      </Box>
    </Field.Root>
  );
}
