import { UI_TIMING } from '@lodestar/domain/constants';
import { toast } from 'sonner';
import { SETTINGS_TOASTS } from './messages';

/**
 * Copies `text` with navigator.clipboard.writeText and says so (2 s toast, spec §9); when the browser
 * refuses (no permission, insecure context) says 'Failed to copy to clipboard'. Resolves to success.
 */
export async function copyToClipboard(
  text: string,
  success: string = SETTINGS_TOASTS.copied,
): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
      throw new Error('The clipboard is not available in this browser');
    }
    await navigator.clipboard.writeText(text);
    toast.success(success, { duration: UI_TIMING.shortToastMs });
    return true;
  } catch (error) {
    console.error('Copy to clipboard failed', error);
    toast.error(SETTINGS_TOASTS.copyFailed, { description: SETTINGS_TOASTS.copyFailedDescription });
    return false;
  }
}
