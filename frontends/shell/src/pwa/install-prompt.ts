/**
 * The browser's offer to install the app (`beforeinstallprompt`, Chromium), kept from the
 * moment this module loads so that an offer made before React renders is not lost.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallOffer {
  event: BeforeInstallPromptEvent;
  /** Date.now() when the browser made the offer: the banner waits 3 s from then. */
  receivedAt: number;
}

let offer: InstallOffer | null = null;
let installed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini bar away: the banner offers it, at its time.
    event.preventDefault();
    offer = { event: event as BeforeInstallPromptEvent, receivedAt: Date.now() };
    emit();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    offer = null;
    emit();
  });
}

export const installPrompt = {
  current: (): InstallOffer | null => (installed ? null : offer),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Shows the browser's install dialog; true when the person accepted. The offer is used up either way. */
  async accept(): Promise<boolean> {
    const current = offer;
    if (!current) return false;
    offer = null;
    emit();
    await current.event.prompt();
    const { outcome } = await current.event.userChoice;
    if (outcome === 'accepted') installed = true;
    return outcome === 'accepted';
  },
};
