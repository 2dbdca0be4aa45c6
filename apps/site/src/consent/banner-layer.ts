/**
 * Which layer of the banner shows, as a pure transition over named events. The banner is only ever
 * closed by a choice: Escape steps back from the settings layer to the first one and no further,
 * so a visitor cannot dismiss it into an undefined state.
 */

export type BannerLayer =
  /** Nothing shown: a valid choice is in force. */
  | 'closed'
  /** The first layer: short text and the three equal buttons. */
  | 'first'
  /** The second layer: purposes and vendors with switches. */
  | 'settings';

export type BannerEvent =
  /** No valid choice is stored (none, malformed, expired, vendor list changed): ask. */
  | { type: 'ask' }
  /** "Configura" on the first layer. */
  | { type: 'configure' }
  /** The footer's "Configuració de galetes": the settings layer, from any layer. */
  | { type: 'reopen' }
  /** Escape on the settings layer. */
  | { type: 'back' }
  /** A choice was stored. */
  | { type: 'decided' };

export function nextLayer(layer: BannerLayer, event: BannerEvent): BannerLayer {
  switch (event.type) {
    case 'ask':
      return layer === 'closed' ? 'first' : layer;
    case 'configure':
      return layer === 'first' ? 'settings' : layer;
    case 'reopen':
      return 'settings';
    case 'back':
      return layer === 'settings' ? 'first' : layer;
    case 'decided':
      return 'closed';
  }
}
