import { ProblemException } from '@pc/http';
import type { Principal } from './principal';

/**
 * The channel a create call acts in: derived from the key; a body value is never trusted.
 * Required only when the key owns several channels, and then it must be one of them.
 */
export function resolveChannel(principal: Principal, requested: string | undefined): string {
  if (requested !== undefined) {
    if (!principal.channels.includes(requested)) {
      throw new ProblemException({
        status: 422,
        code: 'channel_not_owned',
        title: 'Channel not owned',
        detail: "The channel is not one of this partner key's channels.",
        errors: [
          {
            field: 'channel',
            code: 'channel_not_owned',
            message: "channel is not one of this key's channels",
          },
        ],
      });
    }
    return requested;
  }
  if (principal.channels.length === 1) return principal.channels[0];
  throw ProblemException.validation(
    [
      {
        field: 'channel',
        code: 'required',
        message: 'channel is required when the key owns several channels',
      },
    ],
    'This key owns several channels: name one.',
  );
}
