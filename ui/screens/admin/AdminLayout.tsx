import { AdminShell } from "../../components/AdminShell";

const ITEMS = [
  { label: "Dashboard", to: "/admin", end: true },
  { label: "General Settings", to: "/admin/settings" },
  { label: "Chapter Host Appos", to: "/admin/chapter_host_applications" },
  { label: "Users", to: "/admin/users" },
  { label: "Blog", to: "/admin/blog" },
  { label: "Pages", to: "/admin/pages" },
  { label: "Press Mentions", to: "/admin/press_mentions" },
  { label: "Chapters", to: "/admin/chapters" },
  { label: "Email Admin", to: "/admin/email" },
  { label: "Wiki", to: "/admin/wiki" },
];

/** The site admin area (spec 001 section 2): side menu and the current screen. */
export function AdminLayout() {
  return <AdminShell title="Admin Tools" menuLabel="Site admin" items={ITEMS} />;
}
