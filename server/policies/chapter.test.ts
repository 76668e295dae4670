import { describe, expect, it } from "vitest";
import { CHAPTER_ACTIVE } from "../models/Chapter";
import { ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";
import { SETTINGS_NEED_FIELD_ORGANIZER } from "../contracts/chapterAdmin";
import { chapterAbilities, refuseChapterChanges } from "./chapter";
import type { Viewer } from "./viewer";

const chapter = { id: 7, status: CHAPTER_ACTIVE };
const hidden = { id: 8, status: 0 };
const viewer = (id: number, isAdmin: boolean, roles: [number, number][] = []): Viewer => {
  const chapterRoles = new Map<number, Set<number>>();
  for (const [chapterId, roleId] of roles) chapterRoles.set(chapterId, new Set([...(chapterRoles.get(chapterId) ?? []), roleId]));
  return { id, name: `User ${id}`, email: `u${id}@example.org`, isAdmin, chapterRoles };
};
const admin = viewer(1, true);
const organizer = viewer(2, false, [[7, ROLE_FIELD_ORGANIZER]]);
const host = viewer(3, false, [[7, ROLE_CHAPTER_HOST]]);
const member = viewer(4, false);

describe("chapter abilities", () => {
  it("are the chapter policy applied to each viewer", () => {
    expect(chapterAbilities(admin, chapter)).toEqual({
      view: true,
      host: true,
      fieldOrganize: true,
      editSlug: true,
      managePermissions: true,
      writeAdminOnlyNotes: true,
    });
    expect(chapterAbilities(organizer, chapter)).toEqual({
      view: true,
      host: true,
      fieldOrganize: true,
      editSlug: false,
      managePermissions: false,
      writeAdminOnlyNotes: false,
    });
    expect(chapterAbilities(host, chapter)).toEqual({
      view: true,
      host: true,
      fieldOrganize: false,
      editSlug: false,
      managePermissions: false,
      writeAdminOnlyNotes: false,
    });
    expect(chapterAbilities(member, chapter)).toEqual({
      view: true,
      host: false,
      fieldOrganize: false,
      editSlug: false,
      managePermissions: false,
      writeAdminOnlyNotes: false,
    });
    expect(chapterAbilities(null, hidden)).toEqual({
      view: false,
      host: false,
      fieldOrganize: false,
      editSlug: false,
      managePermissions: false,
      writeAdminOnlyNotes: false,
    });
    expect(chapterAbilities(host, hidden).view).toBe(false);
  });
});

describe("chapter field changes", () => {
  it("the about text needs host access, other fields (status too) a field organizer, the slug an admin", () => {
    expect(refuseChapterChanges(host, chapter, ["about"])).toBeNull();
    expect(refuseChapterChanges(host, chapter, ["about", "status"])).toBe(SETTINGS_NEED_FIELD_ORGANIZER);
    expect(refuseChapterChanges(organizer, chapter, ["status", "title"])).toBeNull();
    expect(refuseChapterChanges(organizer, chapter, ["slug"])).toBe("Only admins can change a chapter's slug.");
    expect(refuseChapterChanges(host, chapter, ["slug"])).toBe(SETTINGS_NEED_FIELD_ORGANIZER);
    expect(refuseChapterChanges(admin, chapter, ["slug", "status", "about"])).toBeNull();
    expect(refuseChapterChanges(member, chapter, [])).toBeNull();
  });
});
