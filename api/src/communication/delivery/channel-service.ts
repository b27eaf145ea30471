import { CHANNEL_SERVICE } from '@backoffice/resources';
import { outsideService, serviceEnabled } from '../../settings/outside-services';
import { requireService } from '../../settings/service-switch';

/** A message channel, each sent through an outside service the installation may have switched off. */
export type ChannelKind = keyof typeof CHANNEL_SERVICE;

export const channelOn = (kind: ChannelKind) => serviceEnabled(CHANNEL_SERVICE[kind]);

export const channelOffMessage = (kind: ChannelKind) => outsideService(CHANNEL_SERVICE[kind]).offMessage;

/** 409 naming the service when a channel asked for by a person (a preview, a resend, a batch) is switched off. */
export const requireChannel = (kind: ChannelKind) => requireService(CHANNEL_SERVICE[kind]);
