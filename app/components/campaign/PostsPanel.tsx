// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * A campaign's posts (`/teams/:teamId/campaigns/:campaignId/posts`, two
 * scopes): newest first, paged, and a form to write one. A post counts
 * towards the campaign's score, so creating one refreshes the campaign too.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { CampaignController, PostController } from '@/controllers/browser';
import { Button } from '../Button';
import { ErrorMessage } from '../ErrorMessage';
import { FieldError, fieldErrorProps } from '../FieldError';
import { formatDate } from '../format';
import { Pagination } from '../Pagination';
import { TextField } from '../TextField';
import { useFocusFirstInvalid } from '../useFocusFirstInvalid';

export function PostsPanel({ teamId, campaignId }: { teamId: number; campaignId: number }) {
  const [page, setPage] = useState(1);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const posts = PostController.use({ teamId, campaignId });
  const campaigns = CampaignController.use({ teamId });
  // The page on screen stays until the next one comes, so the pager (and the focus on its button) does not go.
  const list = posts.index({ page, perPage: 5 }, { placeholderData: keepPreviousData });
  const create = posts.create({
    onSuccess: () => {
      setTitle('');
      setBody('');
      setPage(1);
      void campaigns.invalidate();
    },
  });
  const fields = create.error?.fields;
  const form = useFocusFirstInvalid(fields);

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ title, body: body.trim() === '' ? null : body });
  }

  return (
    <section aria-labelledby="posts-heading" className="card">
      <h2 id="posts-heading">Posts</h2>
      <ErrorMessage error={list.error} />
      {list.data && list.data.data.length === 0 && <p className="muted">No posts yet.</p>}
      <ul className="posts" aria-label="Posts">
        {list.data?.data.map((post) => (
          <li key={post.id} className="post">
            <h3 className="user-text">{post.title}</h3>
            {post.body && <p className="user-text">{post.body}</p>}
            <p className="muted small">{formatDate(post.createdAt)}</p>
          </li>
        ))}
      </ul>
      {list.data && list.data.pagination.totalCount > list.data.pagination.perPage && (
        <Pagination label="Post pages" pagination={list.data.pagination} onPage={setPage} />
      )}
      <form ref={form} onSubmit={submit} noValidate className="form" aria-label="New post">
        <TextField
          id="post-title"
          label="Title"
          value={title}
          onChange={setTitle}
          aria-required="true"
          errors={fields?.title}
        />
        <div className="field">
          <label htmlFor="post-body">Body</label>
          <textarea
            id="post-body"
            rows={3}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            {...fieldErrorProps('post-body', fields?.body)}
          />
          <FieldError inputId="post-body" messages={fields?.body} />
        </div>
        <Button type="submit" unavailable={create.isPending}>
          Add post
        </Button>
        {create.error && !fields && <ErrorMessage error={create.error} />}
      </form>
    </section>
  );
}
