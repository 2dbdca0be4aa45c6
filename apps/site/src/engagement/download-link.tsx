/**
 * DownloadLink: a real download of one of the site's files.
 *   <DownloadLink href="/documents/informe-audiencies-2026.pdf" label="Informe d'audiències 2026"
 *     bytes={120_000} detail={linkCallDetail} />
 * - href: the file's address; label: the link text; fileName: the name the browser saves it under
 *   (default: the address's own); bytes: its size, shown in Catalan with its kind ("PDF, 120 kB");
 * - detail: the page's §7 link variables. A click sends scDescarregar (event5, link type d) with
 *   the file's absolute address, and never stops the download; made before the app, the call is
 *   kept by the head and made by the SDK once it opens with consent (linkCallAttributes).
 */
import { linkCallAttributes } from '../early-input/link-call-attributes';
import { sendDirectCall, type LinkCallDetail } from '../measurement/direct-calls';
import { fileDescription } from './file-size';
import './engagement.css';

export interface DownloadLinkProps {
  href: string;
  label: string;
  fileName?: string;
  bytes?: number;
  detail: LinkCallDetail;
}

export function DownloadLink({ href, label, fileName, bytes, detail }: DownloadLinkProps) {
  const description = fileDescription(fileName ?? href, bytes);
  const call = { ...detail, linkText: label, formatContingut: detail.formatContingut ?? 'document' };
  return (
    <a
      className="download-link"
      href={href}
      // Measured here as scDescarregar (the activity-map module does not count it again), and
      // clicked before the app, by the head (early-input/capture-pending-link-click.ts).
      {...linkCallAttributes('scDescarregar', call)}
      download={fileName ?? ''}
      // The browser goes on with the download: the click is measured, never prevented.
      onClick={() => sendDirectCall('scDescarregar', { ...call, linkUrl: new URL(href, window.location.href).href })}
    >
      {label}
      {description && <span className="download-link-meta"> ({description})</span>}
    </a>
  );
}
