// "Add another device": a signed-in member's one-time link for their next device, with its
// QR code, in a dialog.

import {
  api,
} from './net.js';
import {
  $,
} from './render.js';

/** "Add another device": a new one-time link for the signed-in member, with its QR code. */
async function addDevice() {
  const dialog = $('device-dialog');
  $('device-error').hidden = true;
  $('device-qr').hidden = true;
  $('device-link').value = '';
  $('device-until').textContent = '';
  if (!dialog.open) dialog.showModal();
  const r = await api('POST', '/api/invites', {});
  if (!r.ok) {
    $('device-error').textContent = r.status === 0
      ? 'No connection: a link can be made once the phone is back online.'
      : `No link was made: ${r.error}`;
    $('device-error').hidden = false;
    return;
  }
  $('device-link').value = r.data.link;
  const until = new Date(r.data.expiresAt);
  $('device-until').textContent = Number.isNaN(until.getTime()) ? ''
    : `, until ${until.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
  if (r.data.svg) {
    $('device-qr').src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(r.data.svg)}`;
    $('device-qr').hidden = false;
  }
}

export {
  addDevice,
};
