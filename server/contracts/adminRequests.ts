/**
 * Request schemas of the site admin's forms (front page, blog, pages, wiki, user search), checked by the routes
 * and by the forms. Kept apart from the answer shapes, so public pages never load zod.
 */
import { z } from "zod";
import { httpUrlSchema, idSchema } from "./fields";
import { MIN_SEARCH_LENGTH, SEARCH_TOO_SHORT, SLUG_MESSAGE, USER_ROLE_FILTERS } from "./siteAdmin";
import { multiLine, normalizeSpaces, singleLine } from "./text";

/** POST /api/front_page (admin; answers FrontPageInfo): checked by the route and by General Settings' form. */
export const frontPageBodySchema = z.object({
  imageLinkURL: z.string({ error: "Image Link URL is Required" }).trim().min(1, "Image Link URL is Required").pipe(httpUrlSchema),
});
export type FrontPageUpdate = z.input<typeof frontPageBodySchema>;

/**
 * The network's postal address, printed at the foot of every list email (General Settings; POST
 * /api/email_settings `postalAddress`): optional, a few lines.
 */
export const postalAddressBodySchema = z.object({
  postalAddress: multiLine(
    z.string({ error: "Postal Address must be text" }).trim().max(300, "Postal Address must be at most 300 characters"),
    "Postal Address",
  ),
});

const CONTACT_EMAIL_INVALID = "Network Contact Email is not a valid email address";
const isEmail = (v: string) => z.string().email().safeParse(v).success;

/**
 * The network's contact (General Settings; POST /api/email_settings `networkContactName`, `networkContactEmail`):
 * who hosts and applicants write to, set as Reply-To of automatic mail. Both empty: MAIL_FROM stands in. A name
 * needs an address.
 */
export const networkContactBodySchema = z
  .object({
    networkContactName: singleLine(
      z.string({ error: "Network Contact Name must be text" }).trim().max(120, "Network Contact Name must be at most 120 characters"),
      "Network Contact Name",
    ),
    networkContactEmail: z
      .string({ error: CONTACT_EMAIL_INVALID })
      .trim()
      .max(254, "Network Contact Email is too long")
      .refine((v) => v === "" || isEmail(v), CONTACT_EMAIL_INVALID)
      .transform((v) => v.toLowerCase()),
  })
  .refine((v) => v.networkContactName === "" || v.networkContactEmail !== "", {
    message: "Network Contact Email is required with a name",
    path: ["networkContactEmail"],
  });

/** Blog, page and wiki slugs: lowercase letters, digits and underscores (spec 001 section 5, enforced here). */
const contentSlugSchema = z
  .string({ error: "Slug is Required" })
  .trim()
  .min(1, "Slug is Required")
  .max(120, "Slug must be at most 120 characters")
  .regex(/^[a-z0-9_]+$/, SLUG_MESSAGE);

/**
 * The body of a blog post or page save (`id` present means update); a wiki page adds isEditable. The routes and the
 * admin's content form check with it.
 */
export const contentBodySchema = z.object({
  id: idSchema("id").optional(),
  title: singleLine(z.string({ error: "Title is Required" }).trim().min(1, "Title is Required").max(300, "Title is too long"), "Title"),
  slug: contentSlugSchema,
  /** Non-breaking spaces become normal spaces before saving (spec 001 section 5). */
  body: multiLine(z.string().max(500_000, "Body is too long"), "Body").default("").transform(normalizeSpaces),
  isPublic: z.boolean().default(true),
});
export const wikiPageBodySchema = contentBodySchema.extend({ isEditable: z.boolean().default(true) });

/** GET /api/admin/users/search (?search=): checked by the route and by the Users screen's search form. */
export const userSearchSchema = z.object({
  search: z.string({ error: SEARCH_TOO_SHORT }).trim().min(MIN_SEARCH_LENGTH, SEARCH_TOO_SHORT).max(200, "Search is too long"),
});

/** PUT /api/user/admin/{id}: `{ isAdmin }`. */
export const adminRoleBodySchema = z.object({
  isAdmin: z.boolean({ error: "isAdmin must be true or false" }),
});

/** The Users list's role filter (`?role=`); left out or empty, everyone. */
export const userRoleQuerySchema = z.object({
  role: z.preprocess((v) => (v === "" ? undefined : v), z.enum(USER_ROLE_FILTERS, { error: `role must be one of ${USER_ROLE_FILTERS.join(", ")}` }).optional()),
});
