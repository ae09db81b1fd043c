/** User-facing texts every page may show, in the spec's exact words. One place so both sides say the same thing. */
export const messages = {
  rightClickDisabled: 'Right-click is disabled',
  cartUpdateFailed: 'Error updating the cart',
  connectionLost: 'The connection was lost. Check your network and try again.',
} as const;
