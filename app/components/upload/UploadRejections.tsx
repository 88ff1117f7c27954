/** The messages for the files an upload refused before presigning (type, size, count), one per file. */
import styles from './upload.module.css';

export function UploadRejections({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className={`error ${styles.status}`}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
