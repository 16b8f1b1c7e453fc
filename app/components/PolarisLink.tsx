// Polaris renders its links through this, so navigation stays inside Remix.
import { Link } from "@remix-run/react";
import type { LinkLikeComponentProps } from "@shopify/polaris/build/ts/src/utilities/link";

export function PolarisLink({ url, external, children, ...rest }: LinkLikeComponentProps) {
  if (external || /^https?:\/\//.test(url)) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...(rest as object)}>
        {children}
      </a>
    );
  }
  // A download (a CSV from a resource route) is a plain link: the browser saves the file.
  if ((rest as { download?: unknown }).download)
    return (
      <a href={url} {...(rest as object)}>
        {children}
      </a>
    );
  return (
    <Link to={url} {...(rest as object)}>
      {children}
    </Link>
  );
}
