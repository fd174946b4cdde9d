import { opsFr } from '../../texts';

/** A link to an item's public page, in a new tab (the console stays where it is). */
export function PublicPageLink({ path }: { path: string }) {
  return (
    <a href={path} target="_blank" rel="noopener noreferrer">
      {opsFr.report.openPublic} <span className="pp-visually-hidden">{opsFr.common.newTab}</span>
    </a>
  );
}
