import { Badge, Box, Button, Field, HStack, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import { calendarDateMedium, localDateIn } from "../../server/contracts/schedule";
import { chapterStatusLabel } from "../../server/contracts/chapter";
import { useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router-dom";
import {
  HEALTH_LABELS,
  silenceStartText,
  silentDaysOf,
  type ChapterHealthPage,
  type ChapterHealthRow,
  type HealthSortKey,
  type HealthState,
  type StateHealthCount,
} from "../../server/contracts/chapterHealth";
import { ApiRequestError } from "../api/client";
import { fetchHealthCsv, usePinChapter, useReactivateChapter } from "../api/chapterHealth";
import { chapterPath } from "../lib/format";
import { saveFile } from "../lib/saveFile";
import { Pager } from "./Pager";
import { STATE_OPTIONS, StateSelect } from "./StateSelect";
import { notify } from "./Toaster";

const COLORS: Record<HealthState, string> = { active: "success", at_risk: "warning", dormant: "danger" };

/** The sortable columns; short headers (their cells are dates and numbers), so the table fits beside the admin menu at 1280 px. */
const COLUMNS: Array<{ key: HealthSortKey; label: string; numeric?: boolean }> = [
  { key: "title", label: "Chapter" },
  { key: "health", label: "Health" },
  { key: "lastEmailAt", label: "Last email" },
  { key: "silence", label: "Days silent", numeric: true },
  { key: "lastMeetupAt", label: "Last meetup" },
  { key: "nextMeetupAt", label: "Next meetup" },
  { key: "lastConfirmedMeetup", label: "Last confirmed" },
  { key: "members", label: "Members", numeric: true },
  { key: "growth30d", label: "New (30 days)", numeric: true },
];

/** The chapter column stays in view when a narrow screen scrolls the table sideways. */
const STICKY = { position: "sticky", left: 0, zIndex: 1, bg: "bg" } as const;

/** What the table shows: one state or all, a search, the column it is sorted by, and the page. */
export interface HealthTableView {
  health: HealthState | "all";
  /** A state's abbreviation, or "" for every state. */
  state: string;
  q: string;
  sort: HealthSortKey;
  order: "asc" | "desc";
  page: number;
}

/** An instant as its date in the chapter's time zone ("Oct 14, 2026"), as the CSV writes it ("2026-10-14"). */
const dateIn = (iso: string | null, timeZone: string) => (iso ? calendarDateMedium(localDateIn(iso, timeZone)) : "—");
const message = (err: unknown) => (err instanceof ApiRequestError ? err.message : "Please try again.");

/** Saves the CSV the server wrote as a file. */
async function downloadCsv() {
  try {
    saveFile(await fetchHealthCsv(), `chapter-health-${new Date().toISOString().slice(0, 10)}.csv`, "text/csv");
  } catch (err) {
    notify("error", "The export failed", message(err));
  }
}

/** An admin's pin (with its note), unpin and re-enable for one chapter. */
function AdminActions({ row }: { row: ChapterHealthRow }) {
  const pin = usePinChapter();
  const reactivate = useReactivateChapter();
  const [pinning, setPinning] = useState(false);
  const [note, setNote] = useState("");
  const name = row.title;

  const handlePin = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await pin.mutateAsync({ chapterId: row.chapterId, pinned: true, note: note.trim() });
      setPinning(false);
      setNote("");
      notify("success", `${name} pinned active`);
    } catch (err) {
      notify("error", "The chapter was not pinned", message(err));
    }
  };
  const handleUnpin = async () => {
    try {
      await pin.mutateAsync({ chapterId: row.chapterId, pinned: false, note: "" });
    } catch (err) {
      notify("error", "The pin was not removed", message(err));
    }
  };
  const handleReactivate = async () => {
    try {
      await reactivate.mutateAsync({ chapterId: row.chapterId, note: "" });
      notify("success", `${name} is back on the map`);
    } catch (err) {
      notify("error", "The chapter was not re-enabled", message(err));
    }
  };

  if (pinning) {
    return (
      <form onSubmit={handlePin} aria-label={`Pin ${name} active`}>
        <HStack gap="1" wrap="wrap" minW="40">
          <Input
            size="xs"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Why? (required)"
            aria-label={`Note for pinning ${name}`}
            maxLength={500}
          />
          <Button size="xs" type="submit" colorPalette="brand" disabled={!note.trim() || pin.isPending}>
            Pin
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setPinning(false)}>
            Cancel
          </Button>
        </HStack>
      </form>
    );
  }
  return (
    <Stack gap="1" align="flex-start">
      {row.pinnedActive ? (
        <Button size="xs" variant="outline" onClick={() => void handleUnpin()} aria-label={`Unpin ${name}`}>
          Unpin
        </Button>
      ) : (
        <Button size="xs" variant="outline" onClick={() => setPinning(true)} aria-label={`Pin ${name} active`}>
          Pin active
        </Button>
      )}
      {row.dormantByRule && row.status !== 1 && (
        <Button size="xs" colorPalette="brand" onClick={() => void handleReactivate()} aria-label={`Re-enable ${name}`}>
          Re-enable
        </Button>
      )}
    </Stack>
  );
}

/**
 * A row's days of silence. Counted from the last email (the Last email column shows its date), the cell is the
 * number of days alone; counted from the chapter's founding or its bringing back, it says so and when.
 */
function DaysSilent({ row, at }: { row: ChapterHealthRow; at: string }) {
  return (
    <>
      <Text as="span" data-testid="days-silent">
        {silentDaysOf(row, at)}
      </Text>
      {row.silenceFrom !== "last_email" && (
        <Text as="span" display="block" fontSize="xs" color="fg.muted" data-testid="silence-from">
          {silenceStartText(row.silenceFrom, dateIn(row.countedFrom, row.timeZone))}
        </Text>
      )}
    </>
  );
}

/** "Chapters by state": each state's chapters by health (at risk and dormant first to the eye), a state opening its rows. */
function StateCounts({ byState, onState }: { byState: StateHealthCount[]; onState: (state: string) => void }) {
  const counts = new Map(byState.map((c) => [c.state, c]));
  const states = STATE_OPTIONS.filter((s) => counts.has(s.abbr));
  if (states.length < 2) return null;
  return (
    <Box as="details" borderWidth="1px" rounded="md" px="3" py="2">
      <Box as="summary" cursor="pointer" fontWeight="medium">
        Chapters by state ({states.length})
      </Box>
      <Table.ScrollArea mt="2" maxH="80" overflowY="auto">
        <Table.Root size="sm" aria-label="Chapters by state">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              {(["at_risk", "dormant", "active"] as const).map((h) => (
                <Table.ColumnHeader key={h} textAlign="end">
                  {HEALTH_LABELS[h]}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {states.map(({ abbr, name }) => {
              const c = counts.get(abbr)!;
              return (
                <Table.Row key={abbr} data-testid="state-health" data-state={abbr}>
                  <Table.Cell>
                    <Button size="xs" variant="plain" px="0" color="link" textDecoration="underline" onClick={() => onState(abbr)}>
                      {name}
                    </Button>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{c.at_risk}</Table.Cell>
                  <Table.Cell textAlign="end">{c.dormant}</Table.Cell>
                  <Table.Cell textAlign="end">{c.active}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

/**
 * The health of the network's chapters (issue 16): counts per state that filter the table, a search, sortable
 * columns (at risk first by default) and pages, all answered by the server a page at a time; a CSV export of every
 * chapter; and for admins pins and re-enabling.
 */
export function ChapterHealthTable({
  data,
  view,
  search,
  onSearch,
  onView,
  canManage,
}: {
  data: ChapterHealthPage;
  view: HealthTableView;
  search: string;
  onSearch: (text: string) => void;
  onView: (change: Partial<HealthTableView>) => void;
  canManage: boolean;
}) {
  const handleSort = (key: HealthSortKey) => onView({ sort: key, order: view.sort === key && view.order === "asc" ? "desc" : "asc" });
  const { atRiskAfterDays, dormantAfterDays } = data.settings;
  const filterButton = (h: HealthState | "all", label: string, count: number) => (
    <Button
      key={h}
      size="sm"
      variant={view.health === h ? "solid" : "outline"}
      aria-pressed={view.health === h}
      onClick={() => onView({ health: h })}
      data-testid={`health-count-${h}`}
    >
      {label} {count}
    </Button>
  );

  return (
    <Stack gap="3" data-testid="chapter-health">
      <Text color="fg.muted" fontSize="sm">
        No email to the list for {atRiskAfterDays} days: at risk; {dormantAfterDays} days: dormant (taken off the map until a host emails the list). Dates are
        in each chapter's time zone.
      </Text>
      <HStack gap="2" wrap="wrap" role="group" aria-label="Show chapters by health">
        {filterButton("all", "All", data.total)}
        {(["at_risk", "dormant", "active"] as const).map((h) => filterButton(h, HEALTH_LABELS[h], data.counts[h]))}
        <Button size="sm" variant="ghost" onClick={() => void downloadCsv()}>
          Export CSV
        </Button>
      </HStack>
      <HStack gap="3" wrap="wrap" align="flex-end">
        <Field.Root maxW="xs">
          <Field.Label>Search chapters</Field.Label>
          <Input type="search" size="sm" value={search} onChange={(e) => onSearch(e.target.value)} placeholder="Name or slug" autoComplete="off" />
        </Field.Root>
        <Field.Root maxW="xs">
          <Field.Label>State</Field.Label>
          <StateSelect size="sm" value={view.state} onChange={(state) => onView({ state })} placeholder="All states" />
        </Field.Root>
      </HStack>
      <StateCounts byState={data.byState} onState={(state) => onView({ state })} />
      {data.rows.length === 0 ? (
        <Text color="fg.muted">{view.q ? `No chapters match "${view.q}".` : "No chapters here."}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((c) => (
                  <Table.ColumnHeader
                    key={c.key}
                    textAlign={c.numeric ? "end" : undefined}
                    aria-sort={view.sort === c.key ? (view.order === "desc" ? "descending" : "ascending") : "none"}
                    {...(c.key === "title" ? STICKY : {})}
                  >
                    <Button size="xs" variant="plain" px="0" h="auto" minH="6" whiteSpace="normal" textAlign="inherit" onClick={() => handleSort(c.key)}>
                      {c.label}
                      {view.sort === c.key ? (view.order === "desc" ? " ▼" : " ▲") : ""}
                    </Button>
                  </Table.ColumnHeader>
                ))}
                {canManage && <Table.ColumnHeader>Actions</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.rows.map((r) => (
                <Table.Row key={r.chapterId} data-testid="health-row" data-health={r.health} data-slug={r.slug} data-state={r.state}>
                  <Table.Cell {...STICKY} minW="36" whiteSpace="normal">
                    <Link asChild color="link" fontWeight="medium" display="inline">
                      <RouterLink to={chapterPath(r)}>{r.title}</RouterLink>
                    </Link>
                    {r.status !== 1 && (
                      <Badge ms="2" variant="outline">
                        {chapterStatusLabel(r.status)}
                      </Badge>
                    )}
                    <Text fontSize="xs" color="fg.muted" data-testid="health-hosts">
                      {r.hosts.length ? `Hosts: ${r.hosts.join(", ")}` : "No host"}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="normal">
                    <Badge colorPalette={COLORS[r.health]}>{HEALTH_LABELS[r.health]}</Badge>
                    {r.pinnedActive && (
                      <Badge ms="1" colorPalette="brand" variant="subtle" title={r.pinNote}>
                        Pinned
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{dateIn(r.lastEmailAt, r.timeZone)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="normal" minW="16">
                    <DaysSilent row={r} at={data.at} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{dateIn(r.lastMeetupAt, r.timeZone)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{dateIn(r.nextMeetupAt, r.timeZone)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{r.lastConfirmedMeetup ? calendarDateMedium(r.lastConfirmedMeetup) : "—"}</Table.Cell>
                  <Table.Cell textAlign="end">{r.members}</Table.Cell>
                  <Table.Cell textAlign="end">{r.growth30d}</Table.Cell>
                  {canManage && (
                    <Table.Cell>
                      <AdminActions row={r} />
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Pager page={data.page} limit={data.limit} count={data.matching} onPage={(page) => onView({ page })} label="Pages of chapters" />
    </Stack>
  );
}
