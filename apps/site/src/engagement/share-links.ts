/** The share menu's networks and the address each opens (pure, tested in engagement-share.test.ts). */
export const SHARE_NETWORKS = ['x', 'facebook', 'whatsapp', 'telegram', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** What scCompartir's xarxaAccioContingut says for each way of sharing. */
export type ShareChannel = ShareNetwork | 'enllac' | 'nadiu';

export const SHARE_LABELS: Record<ShareNetwork, string> = {
  x: 'X',
  facebook: 'Facebook',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  email: 'Correu electrònic',
};

export function shareUrl(network: ShareNetwork, title: string, url: string): string {
  const t = encodeURIComponent(title);
  const u = encodeURIComponent(url);
  switch (network) {
    case 'x':
      return `https://x.com/intent/post?text=${t}&url=${u}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
    case 'telegram':
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
  }
}
