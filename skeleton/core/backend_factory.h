/* One way to build any engine's backend: the CPU factory is passed in, and the CUDA factory is
 * registered by the CUDA backend's own file when the library is built with CUDA. Without CUDA
 * nothing registers, so no engine needs a stub, and resolve_backend never picks CUDA anyway.
 *
 *   // in <family>/core/<family>_<engine>_cuda.cc (built only with CUDA):
 *   static const cuda_backend_registration<my_backend, const my_code&, const my_options&>
 *       reg(make_my_backend_cuda);
 *   // in the engine:
 *   m_impl = make_backend(m_choice, make_my_backend_cpu, code, opts);
 *
 * The key is the factory's signature: the CUDA factory must take exactly the CPU factory's
 * parameter types.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#ifndef INCLUDED_GPUFEC_CORE_BACKEND_FACTORY_H
#define INCLUDED_GPUFEC_CORE_BACKEND_FACTORY_H

#include <gnuradio/gpufec/core/backend.h>
#include <memory>
#include <stdexcept>
#include <typeinfo>
#include <utility>

namespace gr {
namespace gpufec {

template <class Backend, class... Args>
class cuda_backend_registration
{
public:
    using factory = std::unique_ptr<Backend> (*)(Args...);

    explicit cuda_backend_registration(factory f) { slot() = f; }

    /*! The registered CUDA factory, or null in a build without CUDA. */
    static factory& slot()
    {
        static factory f = nullptr;
        return f;
    }
};

/*! Builds the backend that @p choice names: the CPU one with @p cpu, the CUDA one with the
 *  factory registered for the same signature. */
template <class Backend, class... Args, class... Passed>
std::unique_ptr<Backend> make_backend(const backend_choice& choice,
                                      std::unique_ptr<Backend> (*cpu)(Args...),
                                      Passed&&... args)
{
    if (choice.kind != backend_kind::CUDA)
        return cpu(std::forward<Passed>(args)...);
    const auto cuda = cuda_backend_registration<Backend, Args...>::slot();
    if (!cuda)
        throw std::runtime_error(std::string("no CUDA backend is built for ") +
                                 typeid(Backend).name() + ": use backend 'cpu'");
    return cuda(std::forward<Passed>(args)...);
}

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_CORE_BACKEND_FACTORY_H */
