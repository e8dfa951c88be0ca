import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody, ok as okData } from '@storefront/contract/common';
import {
  mfaConfirmBody,
  mfaEnrolment,
  recoveryCodes,
  staffChangePasswordBody,
  staffCreateBody,
  staffIdParams,
  staffList,
  staffLoginBody,
  staffMe,
  staffMember,
  staffRoles,
  staffSetPasswordBody,
  staffUpdateBody,
} from '@storefront/contract/staff';
import { sendToken } from '../../plugins/auth.js';
import { actorOf, staffAuthOf, staffRouteOptions } from '../../plugins/staff-auth.js';
import { clientIp, ok } from '../../lib/reply.js';
import type { StaffService } from './staff.service.js';

const anyStaff = staffRoles;

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminLogIn:
    'Signs a staff member in with email, password and (when two-factor is on) a code from their app or a recovery code; the staff session token comes in the Authorization header. Refused with wrong credentials, a missing or wrong code, or a disabled member; failures are limited per address and per account.',
  adminSetPassword:
    "Sets a staff member's password with the token of a mailed link (a new member's first, or one the owner sent), ending their sessions. Refused when the link has expired or was used.",
  adminGetMe:
    'The signed-in staff member: name, role, whether two-factor is on or must be set up, and when the session ends.',
  adminLogOut: 'Ends this staff session.',
  adminChangePassword: "Changes the member's own password. Refused when the current one is wrong.",
  adminEnrolMfa:
    'Starts setting up two-factor sign-in: a new secret to scan, which takes effect only once a code from it is confirmed.',
  adminConfirmMfa:
    'Turns two-factor sign-in on with a code from the newly enrolled app and answers a set of recovery codes. Refused when enrolment has not started or the code is wrong.',
  adminRenewRecoveryCodes:
    'A new set of recovery codes, for a code from the app or an old recovery code; the old set stops working. Refused when two-factor is off or the code is wrong.',
  adminListStaff: 'Every staff member with their role, two-factor state and whether they are disabled.',
  adminAddStaff:
    'Adds a staff member and mails them a link to set their password. Refused when the email already belongs to a member.',
  adminUpdateStaff:
    "Changes a member's name, role or disabled state; disabling ends their sessions at once. Refused when it would leave the shop without an active owner.",
  adminSendStaffPasswordLink:
    'Mails a member a new link to set their password (a lost one, or a first link that expired).',
};

/** Signing in, the member's own account and two-factor, and (owners) the staff list. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  const { open, allow } = staffRouteOptions(app, routeDocs);

  app.post('/login', open('adminLogIn', { body: staffLoginBody }, staffMe), async (req, reply) => {
    const { token, me } = await staff.login(req.body, clientIp(req));
    sendToken(reply, token);
    return ok(me);
  });

  app.post('/password/set', open('adminSetPassword', { body: staffSetPasswordBody }, okData), async (req) => {
    await staff.setPassword(req.body, { requestId: req.id, ip: clientIp(req) });
    return ok(null);
  });

  app.get('/me', allow('adminGetMe', anyStaff, {}, staffMe), async (req) => ok(staff.me(staffAuthOf(req))));

  app.post(
    '/logout',
    allow('adminLogOut', anyStaff, { body: emptyBody }, okData, { beforeMfa: true }),
    async (req) => {
      await staff.logout(staffAuthOf(req).sessionId);
      return ok(null);
    },
  );

  app.put(
    '/me/password',
    allow('adminChangePassword', anyStaff, { body: staffChangePasswordBody }, okData, { beforeMfa: true }),
    async (req) => {
      await staff.changePassword(staffAuthOf(req), req.body, actorOf(req));
      return ok(null);
    },
  );

  app.post(
    '/mfa/enrol',
    allow('adminEnrolMfa', anyStaff, { body: emptyBody }, mfaEnrolment, { beforeMfa: true }),
    async (req) => ok(await staff.enrolMfa(staffAuthOf(req), actorOf(req))),
  );

  app.post(
    '/mfa/confirm',
    allow('adminConfirmMfa', anyStaff, { body: mfaConfirmBody }, recoveryCodes, { beforeMfa: true }),
    async (req) => ok(await staff.confirmMfa(staffAuthOf(req), req.body.otp, actorOf(req))),
  );

  app.post(
    '/mfa/recovery-codes',
    allow('adminRenewRecoveryCodes', anyStaff, { body: mfaConfirmBody }, recoveryCodes),
    async (req) => ok(await staff.renewRecoveryCodes(staffAuthOf(req), req.body.otp, actorOf(req))),
  );

  app.get('/staff', allow('adminListStaff', ['owner'], {}, staffList), async () => ok(await staff.list()));

  app.post('/staff', allow('adminAddStaff', ['owner'], { body: staffCreateBody }, staffMember), async (req) =>
    ok((await staff.add(req.body, actorOf(req))).member),
  );

  app.put(
    '/staff/:staffID',
    allow('adminUpdateStaff', ['owner'], { params: staffIdParams, body: staffUpdateBody }, staffMember),
    async (req) => ok(await staff.update(req.params.staffID, req.body, actorOf(req))),
  );

  app.post(
    '/staff/:staffID/password-link',
    allow('adminSendStaffPasswordLink', ['owner'], { params: staffIdParams, body: emptyBody }, okData),
    async (req) => {
      await staff.sendPasswordLink(req.params.staffID, actorOf(req));
      return ok(null);
    },
  );
};
