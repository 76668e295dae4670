import { Badge, Button, HStack, Input, Link, Stack, Table, Text } from "@chakra-ui/react";
import { useMemo, useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router-dom";
import { HEALTH_LABELS, silentDaysOf, type ChapterHealthList, type ChapterHealthRow, type HealthState } from "../../server/contracts/chapterHealth";
import { ApiRequestError } from "../api/client";
import { fetchHealthCsv, usePinChapter, useReactivateChapter } from "../api/chapterHealth";
import { chapterPath } from "../lib/format";
import { formatMediumDate } from "../lib/formatDate";
import { notify } from "./Toaster";

type SortKey = "health" | "title" | "lastEmailAt" | "silence" | "nextMeetupAt" | "lastMeetupAt" | "members" | "growth30d";
/** Rows shown at first (a network has thousands of chapters); "Show more" adds as many again. */
const PAGE = 100;
const HEALTH_ORDER: Record<HealthState, number> = { at_risk: 0, dormant: 1, active: 2 };
const COLORS: Record<HealthState, string> = { active: "success", at_risk: "warning", dormant: "danger" };

const COLUMNS: Array<{ key: SortKey; label: string; numeric?: boolean }> = [
  { key: "title", label: "Chapter" },
  { key: "health", label: "Health" },
  { key: "lastEmailAt", label: "Last email" },
  { key: "silence", label: "Days silent", numeric: true },
  { key: "lastMeetupAt", label: "Last meetup" },
  { key: "nextMeetupAt", label: "Next meetup" },
  { key: "members", label: "Members", numeric: true },
  { key: "growth30d", label: "New (30 days)", numeric: true },
];

function compare(a: ChapterHealthRow, b: ChapterHealthRow, key: SortKey): number {
  // Longest silence first: the earliest start of the count.
  if (key === "health") return HEALTH_ORDER[a.health] - HEALTH_ORDER[b.health] || a.countedFrom.localeCompare(b.countedFrom);
  if (key === "silence") return b.countedFrom.localeCompare(a.countedFrom);
  const x = a[key];
  const y = b[key];
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
}

const dateText = (iso: string | null) => (iso ? formatMediumDate(iso) : "—");
const message = (err: unknown) => (err instanceof ApiRequestError ? err.message : "Please try again.");

/** Saves the CSV the server wrote as a file. */
async function downloadCsv() {
  try {
    const text = await fetchHealthCsv();
    const url = URL.createObjectURL(new Blob([text], { type: "text/csv" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `chapter-health-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
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
        <HStack gap="2">
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
    <HStack gap="2">
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
    </HStack>
  );
}

/**
 * The health of the network's chapters (issue 16): counts per state that filter the table, sortable columns (at
 * risk first by default), a CSV export, and for admins pins and re-enabling.
 */
export function ChapterHealthTable({
  list,
  canManage,
  initialFilter = "all",
}: {
  list: ChapterHealthList;
  canManage: boolean;
  initialFilter?: HealthState | "all";
}) {
  const [filter, setFilter] = useState<HealthState | "all">(initialFilter);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "health", desc: false });
  const [limit, setLimit] = useState(PAGE);
  const rows = useMemo(() => {
    const shown = filter === "all" ? list.rows : list.rows.filter((r) => r.health === filter);
    return [...shown].sort((a, b) => (sort.desc ? -1 : 1) * compare(a, b, sort.key));
  }, [list.rows, filter, sort]);
  const handleSort = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : false }));
  const { atRiskAfterDays, dormantAfterDays } = list.settings;

  return (
    <Stack gap="3" data-testid="chapter-health">
      <Text color="fg.muted" fontSize="sm">
        No email to the list for {atRiskAfterDays} days: at risk; {dormantAfterDays} days: dormant (taken off the map until a host emails the list).
      </Text>
      <HStack gap="2" wrap="wrap" role="group" aria-label="Show chapters by health">
        <Button
          size="sm"
          variant={filter === "all" ? "solid" : "outline"}
          aria-pressed={filter === "all"}
          onClick={() => {
            setFilter("all");
            setLimit(PAGE);
          }}
        >
          All {list.rows.length}
        </Button>
        {(["at_risk", "dormant", "active"] as const).map((h) => (
          <Button
            key={h}
            size="sm"
            variant={filter === h ? "solid" : "outline"}
            aria-pressed={filter === h}
            onClick={() => {
              setFilter(h);
              setLimit(PAGE);
            }}
            data-testid={`health-count-${h}`}
          >
            {HEALTH_LABELS[h]} {list.counts[h]}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={() => void downloadCsv()}>
          Export CSV
        </Button>
      </HStack>
      {rows.length === 0 ? (
        <Text color="fg.muted">No chapters in this state.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((c) => (
                  <Table.ColumnHeader
                    key={c.key}
                    textAlign={c.numeric ? "end" : undefined}
                    aria-sort={sort.key === c.key ? (sort.desc ? "descending" : "ascending") : "none"}
                  >
                    <Button size="xs" variant="plain" px="0" onClick={() => handleSort(c.key)}>
                      {c.label}
                      {sort.key === c.key ? (sort.desc ? " ▼" : " ▲") : ""}
                    </Button>
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader>Hosts</Table.ColumnHeader>
                {canManage && <Table.ColumnHeader>Actions</Table.ColumnHeader>}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.slice(0, limit).map((r) => (
                <Table.Row key={r.chapterId} data-testid="health-row" data-health={r.health} data-slug={r.slug}>
                  <Table.Cell>
                    <Link asChild color="link" fontWeight="medium">
                      <RouterLink to={chapterPath(r)}>{r.title}</RouterLink>
                    </Link>
                    {r.status !== 1 && (
                      <Badge ms="2" variant="outline">
                        Off the map
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={COLORS[r.health]}>{HEALTH_LABELS[r.health]}</Badge>
                    {r.pinnedActive && (
                      <Badge ms="1" colorPalette="brand" variant="subtle" title={r.pinNote}>
                        Pinned
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>{dateText(r.lastEmailAt)}</Table.Cell>
                  <Table.Cell textAlign="end">{silentDaysOf(r, list.at)}</Table.Cell>
                  <Table.Cell>{dateText(r.lastMeetupAt)}</Table.Cell>
                  <Table.Cell>{dateText(r.nextMeetupAt)}</Table.Cell>
                  <Table.Cell textAlign="end">{r.members}</Table.Cell>
                  <Table.Cell textAlign="end">{r.growth30d}</Table.Cell>
                  <Table.Cell>{r.hosts.join(", ") || "—"}</Table.Cell>
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
      {rows.length > limit && (
        <Button alignSelf="flex-start" size="sm" variant="outline" onClick={() => setLimit((n) => n + PAGE)}>
          Show more ({rows.length - limit} not shown)
        </Button>
      )}
    </Stack>
  );
}
