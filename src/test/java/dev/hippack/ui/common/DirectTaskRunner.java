package dev.hippack.ui.common;

import dev.hippack.core.progress.CancellationToken;
import dev.hippack.core.progress.LogLine;
import dev.hippack.core.progress.OperationCancelledException;
import dev.hippack.core.progress.OperationListener;

/** Runs a job at once on the calling thread: view-model tests need no toolkit and no waiting. */
public final class DirectTaskRunner implements TaskRunner {

    @Override
    public <T> RunningTask run(BackgroundJob<T> job, TaskObserver<T> observer) {
        CancellationToken token = new CancellationToken();
        try {
            T value = job.run(new OperationListener() {
                @Override
                public void progress(long done, long total) {
                    observer.progress(total <= 0 ? -1 : (double) done / total);
                }

                @Override
                public void status(String text) {
                    observer.message(text);
                }

                @Override
                public void log(LogLine line) {
                    observer.log(line);
                }

                @Override
                public void part(String name, dev.hippack.core.progress.PartState state) {
                    observer.part(name, state);
                }
            }, token);
            observer.succeeded(value);
        } catch (OperationCancelledException e) {
            observer.cancelled();
        } catch (Exception e) {
            observer.failed(e);
        }
        return token::cancel;
    }
}
