import { describe, expect, it } from 'vitest';
import { UPLOAD_IMAGE_MAX_MB, UPLOAD_VIDEO_MAX_MB, type UploadLimits } from '@agora/contract';
import { multipart } from '../../test/files.js';
import { type Session, type TestApp, withTestApp } from '../../test/harness.js';

const STREAM_MB = 2;
let t: TestApp;
let founder: Session;
withTestApp(
  (app, session) => {
    t = app;
    founder = session;
  },
  // as if the server were started with UPLOAD_STREAM_MAX_MB=2
  { streamUploadMaxMb: STREAM_MB },
);

const limits = (session?: Session) => t.inject({ method: 'GET', url: '/api/admin/uploaders/limits', session });

describe('GET admin/uploaders/limits', () => {
  it('gives the limits the server enforces: the streamed video limit is its UPLOAD_STREAM_MAX_MB', async () => {
    const response = await limits(founder);
    expect(response.statusCode).toBe(200);
    expect(response.json<UploadLimits>()).toEqual({ image_max_mb: UPLOAD_IMAGE_MAX_MB, video_max_mb: UPLOAD_VIDEO_MAX_MB, stream_video_max_mb: STREAM_MB });

    // and that is where the stream endpoint refuses
    const { payload, headers } = multipart('big.mp4', Buffer.alloc(STREAM_MB * 1024 * 1024 + 1));
    const refused = await t.inject({ method: 'POST', url: '/api/admin/uploaders/stream', session: founder, payload, headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_VIDEO_TOO_LARGE', message: `视频大小不能超过${STREAM_MB}MB` });
  });

  it('is for the admins who may upload (the media permissions), not for every signed-in admin', async () => {
    expect((await limits()).statusCode).toBe(401);
    const uploader = await t.adminWithPermissions(founder, ['brandList']);
    expect((await limits(uploader.session)).statusCode).toBe(200);
    const reader = await t.adminWithPermissions(founder, ['systemLogs']);
    expect((await limits(reader.session)).statusCode).toBe(403);
  });
});
