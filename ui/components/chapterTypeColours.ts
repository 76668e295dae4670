import type { SystemStyleObject } from "@chakra-ui/react";
import { readableTextOn } from "../lib/contrast";
import { CHAPTER_TYPE_COLOURS } from "../lib/palette";

/**
 * Background and text of a chapter type's badge or button: the theme's contrast-checked pair for the six types
 * (light and dark), else the type's own colour from the database with black or white, whichever reads better.
 */
export function chapterTypeColours(type: { name: string; hexColor: string }): SystemStyleObject {
  const [bg, color] = CHAPTER_TYPE_COLOURS[type.name]
    ? [`chapterType.${type.name}.bg`, `chapterType.${type.name}.fg`]
    : [type.hexColor, readableTextOn(type.hexColor)];
  return { bg, color, _hover: { bg, color } };
}
