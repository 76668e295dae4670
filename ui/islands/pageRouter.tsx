/**
 * react-router's API as the islands use it (ui/islands/start.tsx), where every navigation is a page load: the
 * visitor goes further than the page, and the page they go to, rendered by the server, brings what it needs. The
 * islands' build puts this module in place of react-router-dom (scripts/build-ui.ts), so a public page's start-up
 * JavaScript holds no router: a link is the `<a href>` the server rendered, a search sets the address.
 *
 * Links render the markup react-router's <Link> renders on the server (ui/islands/pageRouter.test.tsx holds them
 * to it), so an island hydrates without a difference.
 */
import { useMemo, type AnchorHTMLAttributes, type Ref } from "react";
import type { NavigateOptions, To } from "react-router-dom";

const hrefOf = (to: To): string => (typeof to === "string" ? to : `${to.pathname ?? window.location.pathname}${to.search ?? ""}${to.hash ?? ""}`);

export function Link({
  to,
  replace: _replace,
  state: _state,
  ref,
  target,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { to: To; replace?: boolean; state?: unknown; ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a {...rest} href={hrefOf(to)} ref={ref} target={target} data-discover="true">
      {children}
    </a>
  );
}

/** Goes to the address: a page load (Back returns to this page as it was). */
function navigateByLoad(to: To | number, options?: NavigateOptions) {
  if (typeof to === "number") window.history.go(to);
  else if (options?.replace) window.location.replace(hrefOf(to));
  else window.location.assign(hrefOf(to));
}

export function useNavigate() {
  return navigateByLoad;
}

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: "default" };
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = window.location;
  return [useMemo(() => new URLSearchParams(search), [search])];
}
