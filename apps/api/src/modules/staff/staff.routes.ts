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

/** Signing in, the member's own account and two-factor, and (owners) the staff list. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (app, { staff }) => {
  const { open, allow } = staffRouteOptions(app);

  app.post('/login', open({ body: staffLoginBody }, staffMe), async (req, reply) => {
    const { token, me } = await staff.login(req.body, clientIp(req));
    sendToken(reply, token);
    return ok(me);
  });

  app.post('/password/set', open({ body: staffSetPasswordBody }, okData), async (req) => {
    await staff.setPassword(req.body, { requestId: req.id, ip: clientIp(req) });
    return ok(null);
  });

  app.get('/me', allow(anyStaff, {}, staffMe), async (req) => ok(staff.me(staffAuthOf(req))));

  app.post('/logout', allow(anyStaff, { body: emptyBody }, okData, { beforeMfa: true }), async (req) => {
    await staff.logout(staffAuthOf(req).sessionId);
    return ok(null);
  });

  app.put(
    '/me/password',
    allow(anyStaff, { body: staffChangePasswordBody }, okData, { beforeMfa: true }),
    async (req) => {
      await staff.changePassword(staffAuthOf(req), req.body, actorOf(req));
      return ok(null);
    },
  );

  app.post(
    '/mfa/enrol',
    allow(anyStaff, { body: emptyBody }, mfaEnrolment, { beforeMfa: true }),
    async (req) => ok(await staff.enrolMfa(staffAuthOf(req), actorOf(req))),
  );

  app.post(
    '/mfa/confirm',
    allow(anyStaff, { body: mfaConfirmBody }, recoveryCodes, { beforeMfa: true }),
    async (req) => ok(await staff.confirmMfa(staffAuthOf(req), req.body.otp, actorOf(req))),
  );

  app.post('/mfa/recovery-codes', allow(anyStaff, { body: mfaConfirmBody }, recoveryCodes), async (req) =>
    ok(await staff.renewRecoveryCodes(staffAuthOf(req), req.body.otp, actorOf(req))),
  );

  app.get('/staff', allow(['owner'], {}, staffList), async () => ok(await staff.list()));

  app.post('/staff', allow(['owner'], { body: staffCreateBody }, staffMember), async (req) =>
    ok((await staff.add(req.body, actorOf(req))).member),
  );

  app.put(
    '/staff/:staffID',
    allow(['owner'], { params: staffIdParams, body: staffUpdateBody }, staffMember),
    async (req) => ok(await staff.update(req.params.staffID, req.body, actorOf(req))),
  );

  app.post(
    '/staff/:staffID/password-link',
    allow(['owner'], { params: staffIdParams, body: emptyBody }, okData),
    async (req) => {
      await staff.sendPasswordLink(req.params.staffID, actorOf(req));
      return ok(null);
    },
  );
};
