import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParams, ZOkResponse } from '../../../shared/schemas/common.ts';
import {
  ZComplianceAccess,
  ZComplianceCell,
  ZExemptionParams,
  ZExemptionRequest,
  ZGroupDetail,
  ZGroupList,
  ZGroupManagersRequest,
  ZGroupMembersRequest,
  ZGroupPatch,
  ZGroupRequest,
  ZRequirement,
  ZRequirementCourses,
  ZRequirementList,
  ZRequirementPatch,
  ZRequirementRequest,
  type TRequirement,
} from '../../../shared/schemas/compliance.ts';
import { errorResponses, noStoreByDefault } from '../../http/route-helpers.ts';
import { requireAuth } from '../../http/session.ts';
import type { TUser } from '../../../shared/schemas/users.ts';
import { actorOf, type AuditLog } from '../privacy/index.ts';
import type { GroupsService } from './groups.ts';
import type { RequirementsService } from './requirements.ts';

/** The settings a change may touch, as the audit log records them: before and after, only those that changed. */
const CHANGEABLE = ['dueDays', 'dueOn', 'recurMonths', 'renewDays'] as const;
function changeOf(before: TRequirement, after: TRequirement): Record<string, unknown> {
  const changed = CHANGEABLE.filter((key) => before[key] !== after[key]);
  return {
    course: after.courseTitle,
    group: after.groupName ?? after.groupId,
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

const groupTags = ['groups'];
const requirementTags = ['requirements'];

/** Groups, their members and managers; requirements and exemptions (the reports are in report-routes.ts). */
export const complianceRoutes: FastifyPluginAsyncZod<{
  groups: GroupsService;
  requirements: RequirementsService;
  audit: AuditLog;
}> = async (app, { groups, requirements, audit }) => {
  noStoreByDefault(app);

  /** A change made (the service allowed it and it is done) goes in the company's audit log. */
  const record = (user: TUser, ip: string, action: string, target: { type: string; id: string }, details: Record<string, unknown>) =>
    audit.record({ organisationId: user.organisationId, actor: actorOf(user, ip), action, target, details });
  const manualMembers = (group: { members: { id: string; source: string }[] }) =>
    group.members.filter((m) => m.source !== 'rule').map((m) => m.id);

  app.get(
    '/api/compliance/access',
    {
      schema: {
        tags: groupTags,
        summary: 'What the caller may do in compliance: whether they are an admin, and the groups they manage',
        response: { 200: ZComplianceAccess, ...errorResponses(401) },
      },
    },
    async (request) => groups.access(requireAuth(request).user),
  );

  app.get(
    '/api/groups',
    {
      config: { apiKey: ['reports:read', 'people:manage', 'enrolments:manage'] },
      schema: {
        tags: groupTags,
        summary: "The company's groups (an admin's every one, a manager's their own), with member counts and managers",
        response: { 200: ZGroupList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ groups: await groups.list(requireAuth(request).user) }),
  );

  app.post(
    '/api/groups',
    {
      schema: {
        tags: groupTags,
        summary:
          'Make a group (admins): a department, location or team, optionally with a rule (an e-mail domain or a role) that puts everyone who fits in it',
        body: ZGroupRequest,
        response: { 201: ZGroupDetail, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await groups.create(requireAuth(request).user, request.body)),
  );

  app.get(
    '/api/groups/:id',
    {
      config: { apiKey: ['reports:read', 'people:manage', 'enrolments:manage'] },
      schema: {
        tags: groupTags,
        summary: "A group with its members: an admin, or one of its managers; another company's group 404",
        params: ZIdParams,
        response: { 200: ZGroupDetail, ...errorResponses(401, 404) },
      },
    },
    async (request) => groups.get(requireAuth(request).user, request.params.id),
  );

  app.patch(
    '/api/groups/:id',
    {
      schema: {
        tags: groupTags,
        summary:
          'Rename a group, change its kind or rule (admins); a changed rule adds who fits and removes who joined by it and no longer does',
        params: ZIdParams,
        body: ZGroupPatch,
        response: { 200: ZGroupDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => groups.update(requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/groups/:id',
    {
      schema: {
        tags: groupTags,
        summary: 'Delete a group (admins): its requirements are removed, what they recorded stays in the history',
        params: ZIdParams,
        response: { 200: ZOkResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await groups.remove(requireAuth(request).user, request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/api/groups/:id/members',
    {
      config: { apiKey: ['people:manage'] },
      schema: {
        tags: groupTags,
        summary:
          "Set who is in a group by hand (admins): those added get its requirements with due dates from today, those removed lose them; its rule's members stay",
        params: ZIdParams,
        body: ZGroupMembersRequest,
        response: { 200: ZGroupDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      const before = manualMembers(await groups.get(user, request.params.id));
      const group = await groups.setMembers(user, request.params.id, request.body.userIds);
      const details = { name: group.name, before, after: manualMembers(group) };
      await record(user, request.ip, 'group.members-changed', { type: 'group', id: group.id }, details);
      return group;
    },
  );

  app.put(
    '/api/groups/:id/managers',
    {
      schema: {
        tags: groupTags,
        summary: "Set a group's managers (admins): members of any role who then see and report on its people and set its requirements",
        params: ZIdParams,
        body: ZGroupManagersRequest,
        response: { 200: ZGroupDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      const before = (await groups.get(user, request.params.id)).managers.map((m) => m.id);
      const group = await groups.setManagers(user, request.params.id, request.body.userIds);
      const details = { name: group.name, before, after: group.managers.map((m) => m.id) };
      await record(user, request.ip, 'group.managers-changed', { type: 'group', id: group.id }, details);
      return group;
    },
  );

  app.get(
    '/api/requirements',
    {
      schema: {
        tags: requirementTags,
        summary:
          "The courses required (an admin's every requirement, a manager's their groups' and everyone's), with how many are compliant",
        response: { 200: ZRequirementList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ requirements: await requirements.list(requireAuth(request).user) }),
  );

  app.get(
    '/api/requirements/courses',
    {
      schema: {
        tags: requirementTags,
        summary: "The company's published courses, which a requirement may name (admins and managers)",
        response: { 200: ZRequirementCourses, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ courses: await requirements.courses(requireAuth(request).user) }),
  );

  app.post(
    '/api/requirements',
    {
      schema: {
        tags: requirementTags,
        summary:
          "Require a published course of a group, or of everyone (groupId 'everyone', admins only): due dueDays after each person joins, or by dueOn; recurMonths: taken again that often, assigned again renewDays (default 30) before the certificate expires",
        body: ZRequirementRequest,
        response: { 201: ZRequirement, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const requirement = await requirements.create(user, request.body);
      await record(user, request.ip, 'requirement.created', { type: 'requirement', id: requirement.id }, { after: request.body });
      return reply.code(201).send(requirement);
    },
  );

  app.patch(
    '/api/requirements/:id',
    {
      schema: {
        tags: requirementTags,
        summary: "Change a requirement's deadline or recurrence: every person's due date and validity follow",
        params: ZIdParams,
        body: ZRequirementPatch,
        response: { 200: ZRequirement, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      const before = await requirements.get(user, request.params.id);
      const requirement = await requirements.update(user, request.params.id, request.body);
      await record(user, request.ip, 'requirement.changed', { type: 'requirement', id: requirement.id }, changeOf(before, requirement));
      return requirement;
    },
  );

  app.delete(
    '/api/requirements/:id',
    {
      schema: {
        tags: requirementTags,
        summary: 'Remove a requirement: nobody owes it any more; its history stays',
        params: ZIdParams,
        response: { 200: ZOkResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      await requirements.remove(user, request.params.id);
      await record(user, request.ip, 'requirement.deleted', { type: 'requirement', id: request.params.id }, {});
      return { ok: true as const };
    },
  );

  app.put(
    '/api/requirements/:id/exemptions/:userId',
    {
      schema: {
        tags: requirementTags,
        summary: 'Exempt a person from a requirement, with the reason; who and when are kept',
        params: ZExemptionParams,
        body: ZExemptionRequest,
        response: { 200: ZComplianceCell, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => requirements.exempt(requireAuth(request).user, request.params.id, request.params.userId, request.body.reason),
  );

  app.delete(
    '/api/requirements/:id/exemptions/:userId',
    {
      schema: {
        tags: requirementTags,
        summary: 'Lift an exemption: the person owes the requirement again',
        params: ZExemptionParams,
        response: { 200: ZComplianceCell, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => requirements.exempt(requireAuth(request).user, request.params.id, request.params.userId, null),
  );
};
