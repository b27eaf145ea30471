import type { OutsideServiceId } from '@backoffice/resources';
import { outsideService, serviceEnabled } from '../../settings/outside-services';
import { requireService } from '../../settings/service-switch';

export type ChannelKind = 'mail' | 'sms' | 'notification';

/** The outside service each channel sends through, which the installation may have switched off. */
const CHANNEL_SERVICE: Record<ChannelKind, OutsideServiceId> = { mail: 'mailgun', sms: 'sms', notification: 'expoPush' };

export const channelOn = (kind: ChannelKind) => serviceEnabled(CHANNEL_SERVICE[kind]);

export const channelOffMessage = (kind: ChannelKind) => outsideService(CHANNEL_SERVICE[kind]).offMessage;

/** 409 naming the service when a channel asked for by a person (a preview, a resend, a batch) is switched off. */
export const requireChannel = (kind: ChannelKind) => requireService(CHANNEL_SERVICE[kind]);
