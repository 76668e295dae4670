import { Box, Flex, HStack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { STATS_LABELS, type StatsField, type StatsMonth } from "../../../server/contracts/chapterStats";
import { longMonth, shortMonth } from "./monthNames";

/** Series colours: theme tokens (ui/theme.ts) with a light and a dark value, 3:1 or more on the page in both modes. */
const SERIES_COLOURS = ["var(--chakra-colors-brand-solid)", "var(--chakra-colors-accent-solid)", "var(--chakra-colors-info-solid)"];
const INK = "var(--chakra-colors-fg-muted)";
const RULE = "var(--chakra-colors-border)";

const WIDTH = 480;
const HEIGHT = 200;
const LEFT = 44;
const BOTTOM = 24;
const TOP = 8;

/** The top of the scale: the largest value rounded up to 1, 2 or 5 times a power of ten. */
function scaleTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((f) => f * power).find((v) => v >= max)!;
}

/**
 * A bar chart of some of the stats' columns, one group of bars a month, drawn in SVG with the theme's colours. It
 * is a picture (role img, named by its title) for screen readers: the numbers are in the stats table.
 */
export function StatsBarChart({ title, months, fields }: { title: string; months: StatsMonth[]; fields: readonly StatsField[] }) {
  const titleId = useId();
  const top = scaleTop(Math.max(0, ...months.flatMap((m) => fields.map((f) => m[f]))));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = plotWidth / months.length;
  const barWidth = (slot * 0.7) / fields.length;
  const y = (v: number) => TOP + plotHeight - (v / top) * plotHeight;
  return (
    <Box as="figure" m="0" data-testid="stats-chart">
      <Text as="figcaption" fontWeight="semibold" mb="1" id={titleId}>
        {title}
      </Text>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-labelledby={titleId} style={{ display: "block", maxHeight: "14rem" }}>
        {(top % 2 ? [0, top] : [0, top / 2, top]).map((v) => (
          <g key={v}>
            <line x1={LEFT} x2={WIDTH} y1={y(v)} y2={y(v)} style={{ stroke: RULE }} />
            <text x={LEFT - 6} y={y(v) + 4} textAnchor="end" fontSize="13" style={{ fill: INK }}>
              {v}
            </text>
          </g>
        ))}
        {months.map((m, i) => (
          <g key={m.month}>
            {fields.map((f, j) => (
              <rect
                key={f}
                x={LEFT + i * slot + slot * 0.15 + j * barWidth}
                y={y(m[f])}
                width={Math.max(barWidth - 1, 1)}
                height={Math.max(TOP + plotHeight - y(m[f]), 0)}
                style={{ fill: SERIES_COLOURS[j % SERIES_COLOURS.length] }}
              >
                <title>{`${STATS_LABELS[f]}, ${longMonth(m.month)}: ${m[f]}`}</title>
              </rect>
            ))}
            <text x={LEFT + i * slot + slot / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="13" style={{ fill: INK }}>
              {shortMonth(m.month)}
            </text>
          </g>
        ))}
      </svg>
      {fields.length > 1 && (
        <Flex as="ul" gap="4" listStyleType="none" ps="0" mt="1" wrap="wrap" fontSize="sm">
          {fields.map((f, j) => (
            <HStack as="li" key={f} gap="1.5">
              <Box boxSize="3" rounded="sm" style={{ background: SERIES_COLOURS[j % SERIES_COLOURS.length] }} aria-hidden="true" />
              <Text>{STATS_LABELS[f]}</Text>
            </HStack>
          ))}
        </Flex>
      )}
    </Box>
  );
}
