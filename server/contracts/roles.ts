/** The roles table (spec 000 section 3): ids as stored in permissions.role_id, and their names. No Node imports here. */
export const ROLE_ADMIN = 1;
export const ROLE_FIELD_ORGANIZER = 2;
export const ROLE_CHAPTER_HOST = 3;

export const ROLE_NAMES: Record<number, string> = { [ROLE_ADMIN]: "Admin", [ROLE_FIELD_ORGANIZER]: "Field Organizer", [ROLE_CHAPTER_HOST]: "Chapter Host" };

/** The roles a permission on a chapter may grant. */
export const CHAPTER_ROLES: number[] = [ROLE_FIELD_ORGANIZER, ROLE_CHAPTER_HOST];
