import { z } from 'zod';
import { envelope, ZFieldError } from '../api/envelope';
import { call } from '../api/call';

export const POST_VALIDATE_CREDENTIALS = call('POST', '/validateCredentials');

/** `POST /validateCredentials`: e-mail and password, both sealed; field errors come back as a list. */
export const ZValidateCredentialsRequest = z
  .object({ email: z.string().optional(), password: z.string().optional() })
  .describe('Both values sealed with the payload envelope; a missing one is answered with its field message');
export const ZValidateCredentialsReply = envelope(z.array(ZFieldError));
