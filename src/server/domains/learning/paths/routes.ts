import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse, ZIdParams } from '../../../../shared/schemas/common.ts';
import { ZAssignResult } from '../../../../shared/schemas/learning.ts';
import {
  ZMyPaths,
  ZPathAssignRequest,
  ZPathCourses,
  ZPathCreate,
  ZPathDetail,
  ZPathList,
  ZPathUnassignParams,
  ZPathUpdate,
} from '../../../../shared/schemas/paths.ts';
import { errorResponses, noStoreByDefault } from '../../../http/route-helpers.ts';
import { requireAuth } from '../../../http/session.ts';
import type { PathsService } from './service.ts';

const tags = ['learning paths'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** Learning paths: made, changed and assigned by admins and instructors; a learner's own with their progress. */
export const pathsRoutes: FastifyPluginAsyncZod<{ paths: PathsService }> = async (app, { paths }) => {
  noStoreByDefault(app);

  app.get(
    '/api/paths',
    {
      config: { apiKey: ['reports:read', 'enrolments:manage'] },
      schema: { tags, summary: "The company's learning paths (admins and instructors)", response: { 200: ZPathList, ...errors } },
    },
    async (request) => ({ paths: await paths.list(requireAuth(request).user) }),
  );

  app.get(
    '/api/paths/courses',
    {
      schema: {
        tags,
        summary: "The company's published courses, which a path may hold (admins and instructors)",
        response: { 200: ZPathCourses, ...errors },
      },
    },
    async (request) => ({ courses: await paths.courses(requireAuth(request).user) }),
  );

  app.post(
    '/api/paths',
    {
      schema: {
        tags,
        summary: 'Make a learning path: a title, a description and published courses of the company in the order they are taken',
        body: ZPathCreate,
        response: { 201: ZPathDetail, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await paths.create(requireAuth(request).user, request.body)),
  );

  app.get(
    '/api/paths/:id',
    {
      schema: {
        tags,
        summary: 'A learning path with the people on it and how far each is',
        params: ZIdParams,
        response: { 200: ZPathDetail, ...errors },
      },
    },
    async (request) => paths.detail(requireAuth(request).user, request.params.id),
  );

  app.patch(
    '/api/paths/:id',
    {
      schema: {
        tags,
        summary: "Change a path's title, description or courses (admins, and the instructor who made it)",
        params: ZIdParams,
        body: ZPathUpdate,
        response: { 200: ZPathDetail, ...errors },
      },
    },
    async (request) => paths.update(requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/paths/:id',
    {
      schema: {
        tags,
        summary: 'Delete a path; the enrolments in its courses and the certificates earned on it stay',
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await paths.remove(requireAuth(request).user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/paths/:id/assignments',
    {
      config: { apiKey: ['enrolments:manage'] },
      schema: {
        tags,
        summary: 'Assign a path to members with an optional due date: each is enrolled in its courses as an assignment',
        params: ZIdParams,
        body: ZPathAssignRequest,
        response: { 200: ZAssignResult, ...errors },
      },
    },
    async (request) => paths.assign(requireAuth(request).user, request.params.id, request.body),
  );

  app.delete(
    '/api/paths/:id/assignments/:userId',
    {
      config: { apiKey: ['enrolments:manage'] },
      schema: {
        tags,
        summary: 'Take a person off a path (their enrolments in its courses stay)',
        params: ZPathUnassignParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await paths.unassign(requireAuth(request).user, request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/learning/paths',
    {
      schema: {
        tags,
        summary: 'The learning paths I am on, each course in order with my progress',
        response: { 200: ZMyPaths, 401: ZErrorResponse },
      },
    },
    async (request) => ({ paths: await paths.mine(requireAuth(request).user) }),
  );
};
